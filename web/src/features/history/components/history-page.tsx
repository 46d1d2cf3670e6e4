import { useHistory } from '@/api/get-history';
import { HistoryRow } from './history-row';
import { useChildren } from '@/api/get-children';
import { Card, PageHeader, ResourceList } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isParentRole } from '@/lib/roles';
import { useOwnRewardUnit, useSessionStore } from '@/stores/session-store';
import { useUiTheme } from '@/stores/theme-store';
import type { RewardDisplayType } from '@/types/api';

/** /history: recently reviewed chores, newest first (the family's for parents, their own for a child). */
export function HistoryPage() {
  useDocumentTitle(pageTitle('History'));
  const parent = isParentRole(useSessionStore((state) => state.user?.role));
  return parent ? <ParentHistory /> : <ChildHistory />;
}

function ParentHistory() {
  // Only for the unit of each child's rewards: without it, rewards show in dollars.
  const children = useChildren();
  const rewardTypes = new Map((children.data ?? []).map((child) => [child.id, child.rewardDisplayType]));
  return <HistoryList parent rewardTypeOf={(childId) => rewardTypes.get(childId)} />;
}

function ChildHistory() {
  // A child sees only their own chores, all in their own unit.
  const unit = useOwnRewardUnit() ?? undefined;
  return <HistoryList parent={false} rewardTypeOf={() => unit} />;
}

interface HistoryListProps {
  parent: boolean;
  /** A child's reward unit, where known; rewards show in dollars otherwise. */
  rewardTypeOf: (childId: string) => RewardDisplayType | undefined;
}

function HistoryList({ parent, rewardTypeOf }: HistoryListProps) {
  const history = useHistory();
  const kids = useUiTheme() === 'KIDS';
  const own = kids ? 'The chores your parents checked.' : 'Your recently reviewed chores.';

  return (
    <>
      <PageHeader
        title="History"
        description={parent ? "Your family's recently reviewed chores." : own}
      />
      <Card>
        <ResourceList query={history} loadingLabel="Loading history…" empty="No reviewed chores yet">
          {(submissions) => (
            <ul className="list" aria-label="Reviewed chores">
              {submissions.map((submission) => (
                <HistoryRow
                  key={submission.id}
                  submission={submission}
                  showChild={parent}
                  rewardType={rewardTypeOf(submission.childId)}
                />
              ))}
            </ul>
          )}
        </ResourceList>
      </Card>
    </>
  );
}
