import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

import { AccountInfo } from './account-info';
import { CalendarFeedCard } from './calendar-feed-card';
import { ChildDetails } from './child-details';
import { LanguageChoice } from './language-choice';
import { ProfileForm } from './profile-form';
import { SecurityCard } from './security-card';
import { SecurityNote } from './security-note';
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
 * A child who signs in with a code has no password: one line says how their
 * devices are signed out instead.
 */
export function ProfilePage({ TwoFactor, Notifications }: ProfilePageProps = {}) {
  const { t } = useTranslation('profile');
  useDocumentTitle(pageTitle(t('title')));
  const user = useSessionStore((state) => state.user);
  const onTablet = useOnFamilyTablet();
  if (!user) return null;
  // A child without an address signs in with a code from a parent and has no
  // password to change, nor to confirm two-factor sign-in or a calendar feed
  // with (ADR 0118).
  const passwordless = Boolean(user.childId) && !user.email;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid-profile">
        <div className="stack">
          {user.childId && <ChildDetails user={user} />}
          {!user.childId && !onTablet && <ProfileForm key={user.id} user={user} />}
          {onTablet ? (
            <SecurityNote reason="tablet" />
          ) : passwordless ? (
            <SecurityNote reason="signInCode" />
          ) : (
            <SecurityCard user={user} />
          )}
          {TwoFactor && !onTablet && !passwordless && <TwoFactor user={user} />}
        </div>
        <div className="stack">
          <AccountInfo user={user} />
          <LanguageChoice />
          {Notifications && !onTablet && <Notifications parent={!user.childId} />}
          {!onTablet && !passwordless && <CalendarFeedCard user={user} />}
        </div>
      </div>
    </>
  );
}
