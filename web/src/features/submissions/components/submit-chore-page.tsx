import { useSearchParams } from 'react-router';

import { getAvailability } from '../api/get-availability';
import { getChores } from '../api/get-chores';
import { SubmitChoreForm } from './submit-chore-form';
import { Card, PageHeader, ResourceList } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useResource } from '@/hooks/use-resource';
import { availabilityByChore } from '@/lib/chores';

/** /submit (children): report a finished chore, with photo proof. ?chore=ID starts with that chore. */
export function SubmitChorePage() {
  useDocumentTitle(pageTitle('Submit Chore'));
  const [searchParams] = useSearchParams();
  const chores = useResource(getChores, 'chores');
  const availability = useResource(getAvailability, 'chore availability');
  const byChore = availabilityByChore(availability.resource.status === 'ready' ? availability.resource.data : []);

  return (
    <>
      <PageHeader title="Submit Chore" description="Tell your parents which chore you finished." />
      <Card>
        <ResourceList
          resource={chores.resource}
          loadingLabel="Loading chores…"
          empty="No chores to do yet. Ask a parent to add some."
        >
          {(list) => (
            <SubmitChoreForm
              chores={list}
              availability={byChore}
              initialChoreId={searchParams.get('chore') ?? undefined}
              onSubmitted={availability.reload}
            />
          )}
        </ResourceList>
      </Card>
    </>
  );
}
