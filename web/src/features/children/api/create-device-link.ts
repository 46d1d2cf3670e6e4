import { useMutation } from '@tanstack/react-query';

import type { DeviceLink } from '../types';
import { api } from '@/lib/api-client';

/**
 * A new one-time sign-in code for one of the child's devices, valid 15
 * minutes. Refused with CHILD_HAS_NO_LOGIN (404) for a child invited by
 * email who has not joined yet, and when the child has 5 devices already (409).
 */
export function createDeviceLink(childId: string): Promise<DeviceLink> {
  return api.post<DeviceLink>(`/children/${encodeURIComponent(childId)}/devices/links`, {});
}

export function useCreateDeviceLink() {
  return useMutation({ mutationFn: createDeviceLink });
}
