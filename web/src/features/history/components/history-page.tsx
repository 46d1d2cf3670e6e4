import { ComingSoon } from '@/components/ui';

export function HistoryPage() {
  return <ComingSoon title="History" description="Your recently reviewed chores." />;
}
