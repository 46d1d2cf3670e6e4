import { api } from '@/lib/api-client';
import type { AuthResponse } from '@/types/api';

export interface AcceptInviteInput {
  inviteCode: string;
  password: string;
  /** Only for an open invite code, which names no invitee. */
  email?: string;
  firstName?: string;
  lastName?: string;
}

export function acceptInvite(input: AcceptInviteInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/accept-invite', input, { auth: false });
}
