import { Link } from 'react-router';

import { getChildren } from '../api/get-children';
import { getPendingSubmissions } from '../api/get-pending-submissions';
import { ReviewCard } from './review-card';
import { PageHeader, ResourceList } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useResource } from '@/hooks/use-resource';

/** /approval (parents): the submissions waiting for review, oldest first. */
export function ApprovalPage() {
  useDocumentTitle(pageTitle('Reviews'));
  const { resource, update } = useResource(getPendingSubmissions, 'pending submissions');
  // Only for the unit of each child's rewards: without it, rewards show in dollars.
  const { resource: children } = useResource(getChildren, 'children');
  const rewardTypes = new Map(
    children.status === 'ready' ? children.data.map((child) => [child.id, child.rewardDisplayType]) : [],
  );

  return (
    <>
      <PageHeader
        title="Reviews"
        description="Chores your children finished, oldest first."
        actions={
          <Link className="btn btn--secondary btn--md" to={paths.app.history.getHref()}>
            History
          </Link>
        }
      />
      <ResourceList resource={resource} loadingLabel="Loading submissions…" empty="No submissions waiting for review">
        {(submissions) => (
          <div className="card-grid">
            {submissions.map((submission) => (
              <ReviewCard
                key={submission.id}
                submission={submission}
                rewardType={rewardTypes.get(submission.childId)}
                onReviewed={(id) => update((list) => list.filter((item) => item.id !== id))}
              />
            ))}
          </div>
        )}
      </ResourceList>
    </>
  );
}
