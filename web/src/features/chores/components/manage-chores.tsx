import { useState } from 'react';
import { Link } from 'react-router';

import { getCategories } from '../api/get-categories';
import { getChores } from '../api/get-chores';
import { retireChore } from '../api/retire-chore';
import { ChoreFormDialog } from './chore-form-dialog';
import { ChoreList } from './chore-list';
import { Alert, Button, EditRemoveActions, PageHeader, ResourceList } from '@/components/ui';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import type { Chore } from '@/types/api';

/** What the dialog is doing: adding (null) or editing a chore; closed when undefined. */
type Editing = Chore | null | undefined;

/** The parents' chores screen: the list with Edit and Retire, and Add Chore. */
export function ManageChores() {
  const chores = useResource(getChores, 'chores');
  const categories = useResource(getCategories, 'categories');
  const [editing, setEditing] = useState<Editing>(undefined);
  const categoryList = categories.resource.status === 'ready' ? categories.resource.data : [];
  const noCategories = categories.resource.status === 'ready' && categoryList.length === 0;

  const retire = async (chore: Chore) => {
    await retireChore(chore.id);
    chores.update((list) => list.filter((item) => item.id !== chore.id));
  };

  return (
    <>
      <PageHeader
        title="Chores"
        description="Household chores, grouped by category."
        actions={
          <Button onClick={() => setEditing(null)} disabled={categories.resource.status !== 'ready' || noCategories}>
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
        resource={chores.resource}
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
                onRemove={() => retire(chore)}
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
          onSaved={(saved) => {
            chores.update((list) => [...list.filter((chore) => chore.id !== saved.id), saved]);
            setEditing(undefined);
          }}
        />
      )}
    </>
  );
}
