import { ComingSoon } from '@/components/ui';

export function ChoresPage() {
  return <ComingSoon title="Chores" description="Household chores, grouped by category." />;
}
