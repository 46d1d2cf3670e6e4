import type { InviteCode } from '../types';
import { api } from '@/lib/api-client';

/** The family's pending invite codes. */
export function getInviteCodes(signal?: AbortSignal): Promise<InviteCode[]> {
  return api.get<InviteCode[]>('/organizations/invite-codes', { signal });
}
