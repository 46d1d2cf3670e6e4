import { ComingSoon } from '@/components/ui';

export function TeamPage() {
  return <ComingSoon title="Team Members" description="Parents and adults in your family, and pending invitations." />;
}
