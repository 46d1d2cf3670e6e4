import { deleteCategory } from '../api/delete-category';
import type { Category } from '../types';
import { choreCountText } from '../utils/category-form';
import { Card, EditRemoveActions } from '@/components/ui';

export interface CategoryCardProps {
  category: Category;
  onEdit: (category: Category) => void;
  onDeleted: (id: string) => void;
}

/** One category: name, description, how many chores it holds, edit and delete. */
export function CategoryCard({ category, onEdit, onDeleted }: CategoryCardProps) {
  return (
    <Card aria-label={category.name} title={category.name}>
      <p className={category.description ? undefined : 'muted'}>{category.description || 'No description.'}</p>
      <p>
        <span className="badge">{choreCountText(category.choreCount)}</span>
      </p>
      <EditRemoveActions
        name={category.name}
        onEdit={() => onEdit(category)}
        onRemove={async () => {
          await deleteCategory(category.id);
          onDeleted(category.id);
        }}
        removeLabel="Delete"
        confirmation={`Delete the category ${category.name}?`}
        fallback="Failed to delete category"
      />
    </Card>
  );
}
