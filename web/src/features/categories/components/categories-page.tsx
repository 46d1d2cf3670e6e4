import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Category } from '../types';
import { CategoryCard } from './category-card';
import { CategoryFormDialog } from './category-form-dialog';
import { useCategories } from '@/api/get-categories';
import { Alert, Button, PageHeader, ResourceList } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage } from '@/lib/api-client';

/** What the dialog is doing: adding (null) or editing a category; closed when undefined. */
type Editing = Category | null | undefined;

/** /categories (parents): a card per category, with Add, Edit and Delete. */
export function CategoriesPage() {
  const { t } = useTranslation(['categories', 'errors']);
  useDocumentTitle(pageTitle(t('title')));
  const categories = useCategories();
  const [editing, setEditing] = useState<Editing>(undefined);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<Button onClick={() => setEditing(null)}>{t('add')}</Button>}
      />

      {categories.isError && !categories.data && (
        <Alert>{getErrorMessage(categories.error, t('errors:fallback.loadCategories'))}</Alert>
      )}
      <ResourceList query={categories} loadingLabel={t('loading')} empty={t('empty')}>
        {(list) => (
          <div className="card-grid">
            {list.map((category) => (
              <CategoryCard key={category.id} category={category} onEdit={setEditing} />
            ))}
          </div>
        )}
      </ResourceList>

      {editing !== undefined && (
        <CategoryFormDialog
          category={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
