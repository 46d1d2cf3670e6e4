import { getHistory } from '../api/get-history';
import { HistoryRow } from './history-row';
import { Card, PageHeader, ResourceList } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useResource } from '@/hooks/use-resource';
import { isParentRole } from '@/lib/roles';
import { useSessionStore } from '@/stores/session-store';

/** /history: recently reviewed chores, newest first (the family's for parents, their own for a child). */
export function HistoryPage() {
  useDocumentTitle(pageTitle('History'));
  const parent = isParentRole(useSessionStore((state) => state.user?.role));
  const { resource } = useResource(getHistory, 'history');

  return (
    <>
      <PageHeader
        title="History"
        description={parent ? "Your family's recently reviewed chores." : 'Your recently reviewed chores.'}
      />
      <Card>
        <ResourceList resource={resource} loadingLabel="Loading history…" empty="No reviewed chores yet">
          {(submissions) => (
            <ul className="list" aria-label="Reviewed chores">
              {submissions.map((submission) => (
                <HistoryRow key={submission.id} submission={submission} showChild={parent} />
              ))}
            </ul>
          )}
        </ResourceList>
      </Card>
    </>
  );
}
