import { useTranslation } from 'react-i18next';

import { Card, DetailsList } from '@/components/ui';
import { roleLabel } from '@/lib/roles';
import type { User } from '@/types/api';
import { formatDate, formatDateTime } from '@/utils/format';

export function AccountInfo({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'common']);
  const none = t('common:none');
  const rows: Array<[string, string]> = [
    [t('account.role'), roleLabel(user.role)],
    [t('account.familyName'), user.organization?.name ?? none],
    [t('account.plan'), user.organization?.plan ?? none],
    [t('account.memberSince'), formatDate(user.createdAt)],
    [t('account.lastLogin'), formatDateTime(user.lastLoginAt, t('common:never'))],
  ];

  return (
    <Card title={t('account.title')}>
      <DetailsList items={rows} plain />
    </Card>
  );
}
