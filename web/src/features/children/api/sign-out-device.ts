import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface SignOutDeviceInput {
  childId: string;
  deviceId: string;
}

/** Signs one of the child's devices out: every session opened on it ends at once, and its token stops working. */
export function signOutDevice({ childId, deviceId }: SignOutDeviceInput): Promise<void> {
  return api.delete<void>(`/children/${encodeURIComponent(childId)}/devices/${encodeURIComponent(deviceId)}`);
}

/** The child's devices are loaded again afterwards, whatever the answer (a device already gone drops off the list). */
export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutDevice,
    onSettled: (_data, _error, { childId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.childDevices(childId) }),
  });
}
