import { Card } from '@/components/ui';
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
      <dl className="details-list details-list--plain">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
