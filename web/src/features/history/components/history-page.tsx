import { HistoryRow } from './history-row';
import { useChildren } from '@/api/get-children';
import { useHistory } from '@/api/get-history';
import { usePendingSubmissions } from '@/api/get-pending-submissions';
import { Card, PageHeader, ResourceList } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isParentRole } from '@/lib/roles';
import { useOwnRewardUnit, useSessionStore } from '@/stores/session-store';
import { useUiTheme } from '@/stores/theme-store';
import type { RewardDisplayType } from '@/types/api';

/**
 * /history: recently reviewed chores, newest first (the family's for parents,
 * their own for a child); a child also sees, first, their chores waiting for review.
 */
export function HistoryPage() {
  useDocumentTitle(pageTitle('History'));
  const parent = isParentRole(useSessionStore((state) => state.user?.role));
  return parent ? <ParentHistory /> : <ChildHistory />;
}

function ParentHistory() {
  // Only for the unit of each child's rewards: without it, rewards show in dollars.
  const children = useChildren();
  const rewardTypes = new Map((children.data ?? []).map((child) => [child.id, child.rewardDisplayType]));
  return (
    <>
      <PageHeader title="History" description="Your family's recently reviewed chores." />
      <ReviewedList parent rewardTypeOf={(childId) => rewardTypes.get(childId)} />
    </>
  );
}

function ChildHistory() {
  // A child sees only their own chores, all in their own unit.
  const unit = useOwnRewardUnit() ?? undefined;
  const kids = useUiTheme() === 'KIDS';
  return (
    <>
      <PageHeader
        title="History"
        description={kids ? 'The chores you sent, and what your parents said.' : 'Your chores waiting for review and recently reviewed.'}
      />
      <WaitingList rewardType={unit} />
      <ReviewedList parent={false} rewardTypeOf={() => unit} />
    </>
  );
}

/**
 * A child's chores waiting for review, newest first (parents have them in
 * Reviews). Nothing shows while there are none, or if they cannot be loaded.
 */
function WaitingList({ rewardType }: { rewardType: RewardDisplayType | undefined }) {
  const pending = usePendingSubmissions();
  const waiting = [...(pending.data ?? [])].reverse();
  if (waiting.length === 0) return null;
  return (
    <Card title="Waiting for review">
      <ul className="list" aria-label="Waiting for review">
        {waiting.map((submission) => (
          <HistoryRow key={submission.id} submission={submission} showChild={false} rewardType={rewardType} />
        ))}
      </ul>
    </Card>
  );
}

interface ReviewedListProps {
  parent: boolean;
  /** A child's reward unit, where known; rewards show in dollars otherwise. */
  rewardTypeOf: (childId: string) => RewardDisplayType | undefined;
}

function ReviewedList({ parent, rewardTypeOf }: ReviewedListProps) {
  const history = useHistory();
  return (
    <Card title={parent ? undefined : 'Reviewed'}>
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
  );
}
