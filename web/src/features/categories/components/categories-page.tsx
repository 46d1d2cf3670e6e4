import { useState } from 'react';

import { getCategories } from '../api/get-categories';
import type { Category } from '../types';
import { withCategory } from '../utils/category-form';
import { CategoryCard } from './category-card';
import { CategoryFormDialog } from './category-form-dialog';
import { Alert, Button, PageHeader, ResourceList } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useResource } from '@/hooks/use-resource';
import { getErrorMessage } from '@/lib/api-client';

/** What the dialog is doing: adding (null) or editing a category; closed when undefined. */
type Editing = Category | null | undefined;

/** /categories (parents): a card per category, with Add, Edit and Delete. */
export function CategoriesPage() {
  useDocumentTitle(pageTitle('Categories'));
  const { resource, update } = useResource(getCategories, 'categories');
  const [editing, setEditing] = useState<Editing>(undefined);

  return (
    <>
      <PageHeader
        title="Categories"
        description="Group your family's chores, such as Kitchen or Garden."
        actions={<Button onClick={() => setEditing(null)}>Add Category</Button>}
      />

      {resource.status === 'failed' && <Alert>{getErrorMessage(resource.error, 'Failed to load categories')}</Alert>}
      <ResourceList
        resource={resource}
        loadingLabel="Loading categories…"
        empty="No categories yet. Use Add Category to create your first one."
      >
        {(categories) => (
          <div className="card-grid">
            {categories.map((category) => (
              <CategoryCard
                key={category.id}
                category={category}
                onEdit={setEditing}
                onDeleted={(id) => update((list) => list.filter((item) => item.id !== id))}
              />
            ))}
          </div>
        )}
      </ResourceList>

      {editing !== undefined && (
        <CategoryFormDialog
          category={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(category) => {
            update((list) => withCategory(list, category));
            setEditing(undefined);
          }}
        />
      )}
    </>
  );
}
