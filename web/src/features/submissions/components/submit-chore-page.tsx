import { useSearchParams } from 'react-router';

import { SubmitChoreForm } from './submit-chore-form';
import { useAvailability } from '@/api/get-availability';
import { useChores } from '@/api/get-chores';
import { Card, PageHeader, ResourceList } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { availabilityByChore } from '@/lib/chores';
import { useUiTheme } from '@/stores/theme-store';

/** /submit (children): report a finished chore, with photo proof. ?chore=ID starts with that chore. */
export function SubmitChorePage() {
  useDocumentTitle(pageTitle('Submit Chore'));
  const [searchParams] = useSearchParams();
  const chores = useChores();
  const availability = useAvailability();
  const byChore = availabilityByChore(availability.data ?? []);
  const kids = useUiTheme() === 'KIDS';

  return (
    <>
      <PageHeader
        title="Submit Chore"
        description={kids ? 'Did a chore? Tell your parents here!' : 'Tell your parents which chore you finished.'}
      />
      <Card>
        <ResourceList
          query={chores}
          loadingLabel="Loading chores…"
          empty="No chores to do yet. Ask a parent to add some."
        >
          {(list) => (
            <SubmitChoreForm
              chores={list}
              availability={byChore}
              initialChoreId={searchParams.get('chore') ?? undefined}
            />
          )}
        </ResourceList>
      </Card>
    </>
  );
}
