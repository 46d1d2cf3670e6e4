import { AccountInfo } from './account-info';
import { ChildDetails } from './child-details';
import { ProfileForm } from './profile-form';
import { PageHeader } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useSessionStore } from '@/stores/session-store';

export function ProfilePage() {
  useDocumentTitle(pageTitle('Profile'));
  const user = useSessionStore((state) => state.user);
  if (!user) return null;

  return (
    <>
      <PageHeader title="Profile" description="Your personal details and account." />
      <div className="grid-profile">
        {user.childId ? <ChildDetails user={user} /> : <ProfileForm key={user.id} user={user} />}
        <AccountInfo user={user} />
      </div>
    </>
  );
}
