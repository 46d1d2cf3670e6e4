import { useTranslation } from 'react-i18next';

import { AccountInfo } from './account-info';
import { ChildDetails } from './child-details';
import { LanguageChoice } from './language-choice';
import { ProfileForm } from './profile-form';
import { PageHeader } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useSessionStore } from '@/stores/session-store';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  useDocumentTitle(pageTitle(t('title')));
  const user = useSessionStore((state) => state.user);
  if (!user) return null;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid-profile">
        {user.childId ? <ChildDetails user={user} /> : <ProfileForm key={user.id} user={user} />}
        <div className="stack">
          <AccountInfo user={user} />
          <LanguageChoice />
        </div>
      </div>
    </>
  );
}
