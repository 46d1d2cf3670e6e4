import { api } from '@/lib/api-client';
import type { AuthResponse } from '@/types/api';
import type { components } from '@/types/schema';

/** email, firstName and lastName only for an open invite code, which names no invitee. */
export type AcceptInviteInput = components['schemas']['AcceptInviteBody'];

export function acceptInvite(input: AcceptInviteInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/accept-invite', input, { auth: false });
}
