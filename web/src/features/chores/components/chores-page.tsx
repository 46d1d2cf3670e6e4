import { useTranslation } from 'react-i18next';

import { ManageChores } from './manage-chores';
import { MyChores } from './my-chores';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isParentRole } from '@/lib/roles';
import { useSessionStore } from '@/stores/session-store';

/** /chores: parents manage the chores; children see theirs ("My Chores"). */
export function ChoresPage() {
  const parent = isParentRole(useSessionStore((state) => state.user?.role));
  const { t } = useTranslation('chores');
  useDocumentTitle(pageTitle(parent ? t('manage.title') : t('my.title')));
  return parent ? <ManageChores /> : <MyChores />;
}
