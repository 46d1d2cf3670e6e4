import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

import { AccountInfo } from './account-info';
import { CalendarFeedCard } from './calendar-feed-card';
import { ChildDetails } from './child-details';
import { LanguageChoice } from './language-choice';
import { OnTabletSecurity } from './on-tablet-security';
import { ProfileForm } from './profile-form';
import { SecurityCard } from './security-card';
import { PageHeader } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useOnFamilyTablet } from '@/hooks/use-on-family-tablet';
import { useSessionStore } from '@/stores/session-store';
import type { User } from '@/types/api';

interface ProfilePageProps {
  /** A card of another feature shown under Security (two-factor sign-in), composed by the app. */
  TwoFactor?: ComponentType<{ user: User }>;
  /** The notification settings (another feature), composed by the app. */
  Notifications?: ComponentType<{ parent: boolean }>;
}

/**
 * /profile: the user's details, security (password, sessions, two-factor
 * sign-in), account, language, notifications and calendar feeds. A child's
 * session on the family tablet shows no editing nor security, which the
 * server refuses there: one line says they are done on the child's own device.
 */
export function ProfilePage({ TwoFactor, Notifications }: ProfilePageProps = {}) {
  const { t } = useTranslation('profile');
  useDocumentTitle(pageTitle(t('title')));
  const user = useSessionStore((state) => state.user);
  const onTablet = useOnFamilyTablet();
  if (!user) return null;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid-profile">
        <div className="stack">
          {user.childId && <ChildDetails user={user} />}
          {!user.childId && !onTablet && <ProfileForm key={user.id} user={user} />}
          {onTablet ? <OnTabletSecurity /> : <SecurityCard user={user} />}
          {TwoFactor && !onTablet && <TwoFactor user={user} />}
        </div>
        <div className="stack">
          <AccountInfo user={user} />
          <LanguageChoice />
          {Notifications && !onTablet && <Notifications parent={!user.childId} />}
          {!onTablet && <CalendarFeedCard user={user} />}
        </div>
      </div>
    </>
  );
}
