import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

import { AccountInfo } from './account-info';
import { CalendarFeedCard } from './calendar-feed-card';
import { ChildDetails } from './child-details';
import { LanguageChoice } from './language-choice';
import { ProfileForm } from './profile-form';
import { SecurityCard } from './security-card';
import { PageHeader } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useSessionStore } from '@/stores/session-store';
import type { User } from '@/types/api';

interface ProfilePageProps {
  /** A card of another feature shown under Security (two-factor sign-in), composed by the app. */
  TwoFactor?: ComponentType<{ user: User }>;
  /** The notification settings (another feature), composed by the app. */
  Notifications?: ComponentType<{ parent: boolean }>;
}

export function ProfilePage({ TwoFactor, Notifications }: ProfilePageProps = {}) {
  const { t } = useTranslation('profile');
  useDocumentTitle(pageTitle(t('title')));
  const user = useSessionStore((state) => state.user);
  if (!user) return null;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid-profile">
        <div className="stack">
          {user.childId ? <ChildDetails user={user} /> : <ProfileForm key={user.id} user={user} />}
          <SecurityCard user={user} />
          {TwoFactor && <TwoFactor user={user} />}
        </div>
        <div className="stack">
          <AccountInfo user={user} />
          <LanguageChoice />
          {Notifications && <Notifications parent={!user.childId} />}
          <CalendarFeedCard user={user} />
        </div>
      </div>
    </>
  );
}
