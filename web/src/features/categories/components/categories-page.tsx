import { ComingSoon } from '@/components/ui';

export function CategoriesPage() {
  return <ComingSoon title="Categories" description="Organize chores into categories." />;
}
