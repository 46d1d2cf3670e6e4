import { useTranslation } from 'react-i18next';

import { Card, DetailsList } from '@/components/ui';
import type { User } from '@/types/api';

/**
 * A child's own details, shown rather than edited: their name, email and
 * phone are on their child record, which their parents keep (the API
 * refuses a child's change to them).
 */
export function ChildDetails({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const rows: Array<[string, string]> = [
    [t('personal.firstName'), user.firstName || '—'],
    [t('personal.lastName'), user.lastName || '—'],
    [t('personal.email'), user.email],
    [t('personal.phone'), user.phone || '—'],
  ];

  return (
    <Card title={t('personal.title')}>
      <DetailsList items={rows} plain />
      <p className="muted">{t('personal.keptByParents')}</p>
    </Card>
  );
}
