import { isApiError } from './api-client';
import { useSessionStore } from '@/stores/session-store';

/** Whether a call was refused because a super admin must set up two-factor sign-in first (a 403 with MFA_SETUP_REQUIRED). */
export function isMfaSetupRequired(error: unknown): boolean {
  return isApiError(error, 403) && error.body?.code === 'MFA_SETUP_REQUIRED';
}

/**
 * After such a refusal the user kept here is out of date: it is marked as
 * having to set up two-factor sign-in, and the console's gate
 * (RequireMfaSetUp) sends them to the setup.
 */
export function noteMfaSetupRequired(error: unknown): void {
  if (!isMfaSetupRequired(error)) return;
  const { user, setUser } = useSessionStore.getState();
  if (user && !user.mfaSetupRequired) setUser({ ...user, mfaSetupRequired: true });
}
