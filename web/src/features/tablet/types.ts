import type { components } from '@/types/schema';

type Schemas = components['schemas'];

export type Tablet = Schemas['Tablet'];
export type CreatedTablet = Schemas['CreatedTablet'];
export type CreateTabletInput = Schemas['CreateTabletBody'];
export type TabletHome = Schemas['TabletHome'];
export type TabletChild = Schemas['TabletChild'];
export type TabletUnlockInput = Schemas['TabletUnlockBody'];
