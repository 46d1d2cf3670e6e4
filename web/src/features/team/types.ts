import type { components } from '@/types/schema';

export type { Member } from '@/types/api';

type Schemas = components['schemas'];

/** A pending (unused, unexpired) invite code. */
export type InviteCode = Schemas['InviteCode'];

export type InviteRole = InviteCode['role'];
