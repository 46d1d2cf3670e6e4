import { Card, DetailsList } from '@/components/ui';
import { roleLabel } from '@/lib/roles';
import type { User } from '@/types/api';
import { formatDate, formatDateTime } from '@/utils/format';

export function AccountInfo({ user }: { user: User }) {
  const rows: Array<[string, string]> = [
    ['Role', roleLabel(user.role)],
    ['Family Name', user.organization?.name ?? '—'],
    ['Plan', user.organization?.plan ?? '—'],
    ['Member Since', formatDate(user.createdAt)],
    ['Last Login', formatDateTime(user.lastLoginAt, 'Never')],
  ];

  return (
    <Card title="Account Information">
      <DetailsList items={rows} plain />
    </Card>
  );
}
