import type { Role } from '@/types/api';

/** An active member of the family, as GET /organizations/members answers. */
export interface Member {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isActive: boolean;
  lastLoginAt: string | null;
  createdAt: string | null;
  childId: string | null;
}

export type InviteRole = 'ORG_ADMIN' | 'ORG_MEMBER';

/** A pending (unused, unexpired) invite code. */
export interface InviteCode {
  id: string;
  code: string;
  email: string | null;
  role: InviteRole;
  expiresAt: string | null;
  usedAt: string | null;
}
