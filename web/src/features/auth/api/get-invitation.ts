import { api } from '@/lib/api-client';

export interface Invitation {
  organizationName: string;
  displayName: string | null;
  email: string | null;
  expiresAt: string;
}

export function getInvitation(code: string, signal?: AbortSignal): Promise<Invitation> {
  return api.get<Invitation>(`/auth/invite/${encodeURIComponent(code)}`, { auth: false, signal });
}
