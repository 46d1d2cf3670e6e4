import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useIdleTimeout } from '../hooks/use-idle-timeout';
import { Button } from '@/components/ui';
import { paths } from '@/config/paths';
import { useOnFamilyTablet } from '@/hooks/use-on-family-tablet';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { isParentRole } from '@/lib/roles';
import { useSessionStore } from '@/stores/session-store';
import { useTabletStore } from '@/stores/tablet-store';
import { fullName } from '@/utils/format';

/**
 * Above every screen of a child's session on the family tablet: whose it is
 * and "Done". The session ends on "Done" or after 2 minutes without use, and
 * the tablet shows the family board again; so does a session the server
 * ended (the tablet removed). A parent signed in on the tablet (its parent
 * corner) gets "Back to the board", which ends their session the same way,
 * as do 2 minutes without use: the tablet is not left in the parents' app.
 */
export function TabletSessionBar() {
  const { t } = useTranslation('tablet');
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const active = useOnFamilyTablet();
  const onTablet = useTabletStore((state) => state.deviceToken !== null);
  const parentOnTablet = !active && onTablet && user !== null && isParentRole(user.role);

  // The session ends once the board shows (ended on the signed-in
  // screens, it would send the tablet to the login screen).
  const done = useCallback(() => {
    const tablet = useTabletStore.getState();
    tablet.setChildSession(false);
    tablet.setEndSessionOnArrival(true);
    void navigate(paths.tablet.getHref(), { replace: true });
  }, [navigate]);

  useIdleTimeout(active || parentOnTablet, done);

  // A 401 ends the child's session here (cleared already): back to the board, not the login.
  useEffect(() => {
    if (!active) return undefined;
    return setUnauthorizedHandler(() => {
      useTabletStore.getState().setChildSession(false);
      window.location.assign(paths.tablet.getHref());
    });
  }, [active]);

  const name = (user && (fullName(user) || user.email)) || '';
  if (parentOnTablet) {
    return (
      <section className="tablet-bar" aria-label={t('session.label')}>
        <p className="tablet-bar__who">{t('session.parentOnTablet', { name })}</p>
        <Button size="sm" onClick={done}>
          {t('session.backToBoard')}
        </Button>
      </section>
    );
  }
  if (!active) return null;
  return (
    <section className="tablet-bar" aria-label={t('session.label')}>
      <p className="tablet-bar__who">{t('session.signedInAs', { name })}</p>
      <Button size="sm" onClick={done} aria-label={t('session.doneLabel', { name })}>
        {t('session.done')}
      </Button>
    </section>
  );
}
