import type { components } from '@/types/schema';

type Schemas = components['schemas'];

export type Tablet = Schemas['Tablet'];
export type CreatedTablet = Schemas['CreatedTablet'];
export type CreateTabletInput = Schemas['CreateTabletBody'];
export type TabletChild = Schemas['TabletChild'];
export type TabletUnlockInput = Schemas['TabletUnlockBody'];

/**
 * What the family board shows (GET /tablet/board): the tablet's and the
 * family's names, the children who may sign in on it (as /tablet/children
 * gives them), and each child's chores of today (as /chores/today gives them
 * to a parent).
 */
export type TabletBoard = Schemas['TabletBoard'];
