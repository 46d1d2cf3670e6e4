import { api } from '@/lib/api-client';
import type { AuthResponse } from '@/types/api';

/**
 * POST /auth/device/login: a new session for the child whose device this is,
 * from its device token. A device a parent signed out is refused with a 401
 * DEVICE_UNKNOWN. Anonymous: the 401 ends no session and sends no one to the
 * login (the caller decides).
 */
export function loginWithDevice(deviceToken: string): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/device/login', { deviceToken }, { auth: false });
}
