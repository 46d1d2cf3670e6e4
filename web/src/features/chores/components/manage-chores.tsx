import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useRetireChore } from '../api/retire-chore';
import { ChoreFormDialog } from './chore-form-dialog';
import { ChoreList } from './chore-list';
import { ChoreTurns } from './chore-turns';
import { assignmentText } from '../utils/schedule';
import { useCategories } from '@/api/get-categories';
import { useChildren } from '@/api/get-children';
import { useChores } from '@/api/get-chores';
import { Alert, Button, EditRemoveActions, PageHeader, ResourceList } from '@/components/ui';
import { paths } from '@/config/paths';
import type { Chore } from '@/types/api';

/** What the dialog is doing: adding (null) or editing a chore; closed when undefined. */
type Editing = Chore | null | undefined;

/** The parents' chores screen: the list with Edit and Retire, and Add Chore. */
export function ManageChores() {
  const { t } = useTranslation(['chores', 'errors']);
  const chores = useChores();
  const categories = useCategories();
  const { mutateAsync: retire } = useRetireChore();
  const children = useChildren();
  const [editing, setEditing] = useState<Editing>(undefined);
  const familyChildren = (children.data ?? []).map((child) => ({ id: child.id, name: child.name }));
  const nameOf = (id: string) => familyChildren.find((child) => child.id === id)?.name;
  const categoryList = categories.data ?? [];
  const noCategories = categories.data !== undefined && categoryList.length === 0;

  return (
    <>
      <PageHeader
        title={t('manage.title')}
        description={t('manage.description')}
        actions={
          // A family without categories names its first inside the form.
          <Button onClick={() => setEditing(null)} disabled={categories.data === undefined}>
            {t('manage.add')}
          </Button>
        }
      />

      {noCategories && (
        <Alert variant="info" title={t('manage.noCategoriesTitle')}>
          <Trans
            t={t}
            i18nKey="manage.noCategories"
            components={{ categories: <Link to={paths.app.categories.getHref()} /> }}
          />
        </Alert>
      )}

      <ResourceList query={chores} loadingLabel={t('manage.loading')} empty={t('manage.empty')}>
        {(list) => (
          <ChoreList
            chores={list}
            // Who does each chore, once the children are there to name them.
            renderDetails={(chore) =>
              children.data && (
                <>
                  <p className="list__secondary chore-row__who">{assignmentText(chore, nameOf)}</p>
                  {chore.assignmentMode === 'ROTATE' && <ChoreTurns chore={chore} familyChildren={familyChildren} />}
                </>
              )
            }
            renderAside={(chore) => (
              <EditRemoveActions
                name={chore.name}
                onEdit={() => setEditing(chore)}
                onRemove={() => retire(chore.id)}
                removeLabel={t('manage.retire')}
                confirmation={t('manage.retireConfirm', { name: chore.name })}
                fallback={t('errors:fallback.retireChore')}
              />
            )}
          />
        )}
      </ResourceList>

      {editing !== undefined && (
        <ChoreFormDialog
          chore={editing}
          categories={categoryList}
          familyChildren={familyChildren}
          onClose={() => setEditing(undefined)}
          onSaved={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
