import { useTranslation } from 'react-i18next';

import { useDeleteCategory } from '../api/delete-category';
import type { Category } from '../types';
import { choreCountText } from '../utils/category-form';
import { Card, EditRemoveActions } from '@/components/ui';

export interface CategoryCardProps {
  category: Category;
  onEdit: (category: Category) => void;
}

/** One category: name, description, how many chores it holds, edit and delete. */
export function CategoryCard({ category, onEdit }: CategoryCardProps) {
  const { mutateAsync: remove } = useDeleteCategory();
  const { t } = useTranslation(['categories', 'common', 'errors']);
  return (
    <Card aria-label={category.name} title={category.name}>
      <p className={category.description ? undefined : 'muted'}>{category.description || t('noDescription')}</p>
      <p>
        <span className="badge">{choreCountText(category.choreCount)}</span>
      </p>
      <EditRemoveActions
        name={category.name}
        onEdit={() => onEdit(category)}
        onRemove={() => remove(category.id)}
        removeLabel={t('common:actions.delete')}
        confirmation={t('deleteConfirm', { name: category.name })}
        fallback={t('errors:fallback.deleteCategory')}
      />
    </Card>
  );
}
