import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ReviewCard } from './review-card';
import { useChildren } from '@/api/get-children';
import { usePendingSubmissions } from '@/api/get-pending-submissions';
import { PageHeader, ResourceList } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

/** /approval (parents): the submissions waiting for review, oldest first. */
export function ApprovalPage() {
  const { t } = useTranslation('approval');
  useDocumentTitle(pageTitle(t('title')));
  const submissions = usePendingSubmissions();
  // Only for the unit of each child's rewards: without it, rewards show in dollars.
  const children = useChildren();
  const rewardTypes = new Map((children.data ?? []).map((child) => [child.id, child.rewardDisplayType]));

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Link className="btn btn--secondary btn--md" to={paths.app.history.getHref()}>
            {t('history')}
          </Link>
        }
      />
      <ResourceList query={submissions} loadingLabel={t('loading')} empty={t('empty')}>
        {(submissions) => (
          <div className="card-grid">
            {submissions.map((submission) => (
              <ReviewCard
                key={submission.id}
                submission={submission}
                rewardType={rewardTypes.get(submission.childId)}
              />
            ))}
          </div>
        )}
      </ResourceList>
    </>
  );
}
