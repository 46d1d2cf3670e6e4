import { useState } from 'react';
import { Link } from 'react-router';

import { useRetireChore } from '../api/retire-chore';
import { ChoreFormDialog } from './chore-form-dialog';
import { ChoreList } from './chore-list';
import { useCategories } from '@/api/get-categories';
import { useChores } from '@/api/get-chores';
import { Alert, Button, EditRemoveActions, PageHeader, ResourceList } from '@/components/ui';
import { paths } from '@/config/paths';
import type { Chore } from '@/types/api';

/** What the dialog is doing: adding (null) or editing a chore; closed when undefined. */
type Editing = Chore | null | undefined;

/** The parents' chores screen: the list with Edit and Retire, and Add Chore. */
export function ManageChores() {
  const chores = useChores();
  const categories = useCategories();
  const { mutateAsync: retire } = useRetireChore();
  const [editing, setEditing] = useState<Editing>(undefined);
  const categoryList = categories.data ?? [];
  const noCategories = categories.data !== undefined && categoryList.length === 0;

  return (
    <>
      <PageHeader
        title="Chores"
        description="Household chores, grouped by category."
        actions={
          <Button onClick={() => setEditing(null)} disabled={categories.data === undefined || noCategories}>
            Add Chore
          </Button>
        }
      />

      {noCategories && (
        <Alert variant="info" title="Create a category first">
          Chores are grouped by category. <Link to={paths.app.categories.getHref()}>Create a category</Link>, then
          come back to add chores.
        </Alert>
      )}

      <ResourceList
        query={chores}
        loadingLabel="Loading chores…"
        empty="No chores yet. Use Add Chore to create your first one."
      >
        {(list) => (
          <ChoreList
            chores={list}
            renderAside={(chore) => (
              <EditRemoveActions
                name={chore.name}
                onEdit={() => setEditing(chore)}
                onRemove={() => retire(chore.id)}
                removeLabel="Retire"
                confirmation={`Retire ${chore.name}? It leaves the chore list; its history stays.`}
                fallback="Failed to retire chore"
              />
            )}
          />
        )}
      </ResourceList>

      {editing !== undefined && (
        <ChoreFormDialog
          chore={editing}
          categories={categoryList}
          onClose={() => setEditing(undefined)}
          onSaved={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
