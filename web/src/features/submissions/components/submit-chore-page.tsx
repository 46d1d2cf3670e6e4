import { ComingSoon } from '@/components/ui';

export function SubmitChorePage() {
  return <ComingSoon title="Submit Chore" description="Tell your parents which chore you finished." />;
}
