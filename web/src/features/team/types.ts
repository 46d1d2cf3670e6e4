import type { components } from '@/types/schema';

type Schemas = components['schemas'];

/** An active member of the family, as GET /organizations/members answers. */
export type Member = Schemas['Member'];

/** A pending (unused, unexpired) invite code. */
export type InviteCode = Schemas['InviteCode'];

export type InviteRole = InviteCode['role'];
