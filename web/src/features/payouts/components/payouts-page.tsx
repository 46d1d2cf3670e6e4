import { ComingSoon } from '@/components/ui';

export function PayoutsPage() {
  return <ComingSoon title="Payouts" description="Record payouts and see their history." />;
}
