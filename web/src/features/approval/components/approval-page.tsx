import { ComingSoon } from '@/components/ui';

export function ApprovalPage() {
  return <ComingSoon title="Reviews" description="Chores waiting for your review." />;
}
