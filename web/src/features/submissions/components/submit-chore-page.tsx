import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { SubmitChoreForm } from './submit-chore-form';
import { useAvailability } from '@/api/get-availability';
import { useChores } from '@/api/get-chores';
import { useAvailabilityWords } from '@/api/get-today';
import { Card, PageHeader, ResourceList } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { availabilityByChore, type SentChoreState } from '@/lib/chores';
import type { Chore } from '@/types/api';

/**
 * /submit (children): report a finished chore, with photo proof. ?chore=ID
 * starts with that chore. TEEN and ADULT get the spec's form (with the
 * completion time), which starts over once sent. A KIDS child is asked no
 * time (the chore is sent as done now) and, once it is sent, goes back to
 * the home, which says so as its "Do it" does: not left on a blank form.
 */
export function SubmitChorePage() {
  const { t } = useTranslation('submissions');
  useDocumentTitle(pageTitle(t('title')));
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const chores = useChores();
  const availability = useAvailability();
  const byChore = availabilityByChore(availability.data ?? []);
  const words = useAvailabilityWords();
  const kids = words.context === 'kids';

  const backHome = (chore: Chore) => {
    const state: SentChoreState = { sentChore: chore.name };
    void navigate(paths.app.dashboard.getHref(), { state });
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description', { context: words.context })}
      />
      <Card>
        <ResourceList
          query={chores}
          loadingLabel={t('loading')}
          empty={t('empty')}
        >
          {(list) => (
            <SubmitChoreForm
              chores={list}
              availability={byChore}
              initialChoreId={searchParams.get('chore') ?? undefined}
              words={words}
              askCompletedAt={!kids}
              onSent={kids ? backHome : undefined}
            />
          )}
        </ResourceList>
      </Card>
    </>
  );
}
