import { useSessionStore } from '@/stores/session-store';
import { useTabletStore } from '@/stores/tablet-store';

/**
 * Whether the signed-in session is a child's opened on the family tablet
 * with their PIN. The server lets such a session reach only the tablet's
 * screens (403 NOT_ON_TABLET otherwise): the account's security is done on
 * the child's own device.
 */
export function useOnFamilyTablet(): boolean {
  const childSession = useTabletStore((state) => state.childSession);
  const signedIn = useSessionStore((state) => state.token !== null);
  return childSession && signedIn;
}
