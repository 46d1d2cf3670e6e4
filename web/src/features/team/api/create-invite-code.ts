import type { InviteCode, InviteRole } from '../types';
import { api } from '@/lib/api-client';

export interface CreateInviteCodeInput {
  role: InviteRole;
  /** Empty lets anyone with the link join, with an email of their choice. */
  email: string;
  expiresInDays: number;
}

export function createInviteCode(input: CreateInviteCodeInput): Promise<InviteCode> {
  return api.post<InviteCode>('/organizations/invite-codes', input);
}
