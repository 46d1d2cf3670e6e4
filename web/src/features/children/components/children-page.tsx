import { ComingSoon } from '@/components/ui';

export function ChildrenPage() {
  return <ComingSoon title="Children" description="Your children, their balances, ratings and grades." />;
}
