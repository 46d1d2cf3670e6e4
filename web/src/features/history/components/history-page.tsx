import { useTranslation } from 'react-i18next';
import { HistoryRow } from './history-row';
import { MissedList } from './missed-list';
import { useChildren } from '@/api/get-children';
import { useHistory } from '@/api/get-history';
import { usePendingSubmissions } from '@/api/get-pending-submissions';
import { Card, PageHeader, ResourceList } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { isParentRole } from '@/lib/roles';
import { useOwnRewardUnit, useSessionStore } from '@/stores/session-store';
import { useThemeContext } from '@/stores/theme-store';
import type { RewardDisplayType } from '@/types/api';

/**
 * /history: recently reviewed chores, newest first (the family's for parents,
 * their own for a child); a child also sees, first, their chores waiting for
 * review. Chores missed in the last 30 days come before the reviewed ones
 * (parents can excuse them there).
 */
export function HistoryPage() {
  const { t } = useTranslation('history');
  useDocumentTitle(pageTitle(t('title')));
  const parent = isParentRole(useSessionStore((state) => state.user?.role));
  return parent ? <ParentHistory /> : <ChildHistory />;
}

function ParentHistory() {
  // Only for the unit of each child's rewards: without it, rewards show in dollars.
  const children = useChildren();
  const { t } = useTranslation('history');
  const rewardTypes = new Map((children.data ?? []).map((child) => [child.id, child.rewardDisplayType]));
  const rewardTypeOf = (childId: string) => rewardTypes.get(childId);
  return (
    <>
      <PageHeader title={t('title')} description={t('descriptionParent')} />
      <MissedList parent rewardTypeOf={rewardTypeOf} />
      <ReviewedList parent rewardTypeOf={rewardTypeOf} />
    </>
  );
}

function ChildHistory() {
  // A child sees only their own chores, all in their own unit.
  const unit = useOwnRewardUnit() ?? undefined;
  const context = useThemeContext();
  const { t } = useTranslation('history');
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description', { context })}
      />
      <WaitingList rewardType={unit} />
      <MissedList parent={false} rewardTypeOf={() => unit} />
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
  const { t } = useTranslation('history');
  if (waiting.length === 0) return null;
  return (
    <Card title={t('waiting')}>
      <ul className="list" aria-label={t('waiting')}>
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
  const { t } = useTranslation(['history', 'common']);
  return (
    <Card title={t('reviewed')}>
      <ResourceList query={history} loadingLabel={t('common:screens.history')} empty={t('empty')}>
        {(submissions) => (
          <ul className="list" aria-label={t('reviewedLabel')}>
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
