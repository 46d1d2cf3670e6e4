import { api } from '@/lib/api-client';
import type { components } from '@/types/schema';

/** A sign-in code a parent showed, claimed by the child's device it opens on. */
export type ClaimDeviceLinkInput = components['schemas']['ClaimDeviceLinkBody'];

/** A session as a login answers it, plus the device's own long-lived token. */
export type LinkedDeviceSession = components['schemas']['DeviceSignIn'];

/**
 * POST /auth/device/link: the code works once, for 15 minutes; a used or
 * expired one is refused with LINK_INVALID. Anonymous: a refusal ends no session.
 */
export function claimDeviceLink(input: ClaimDeviceLinkInput): Promise<LinkedDeviceSession> {
  return api.post<LinkedDeviceSession>('/auth/device/link', input, { auth: false });
}
