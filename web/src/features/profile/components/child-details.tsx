import { Card, DetailsList } from '@/components/ui';
import type { User } from '@/types/api';

/**
 * A child's own details, shown rather than edited: their name, email and
 * phone are on their child record, which their parents keep (the API
 * refuses a child's change to them).
 */
export function ChildDetails({ user }: { user: User }) {
  const rows: Array<[string, string]> = [
    ['First Name', user.firstName || '—'],
    ['Last Name', user.lastName || '—'],
    ['Email', user.email],
    ['Phone', user.phone || '—'],
  ];

  return (
    <Card title="Personal Information">
      <DetailsList items={rows} plain />
      <p className="muted">Your parents keep these details. Ask them if something needs to change.</p>
    </Card>
  );
}
