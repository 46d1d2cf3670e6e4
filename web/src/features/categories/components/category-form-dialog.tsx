import { useTranslation } from 'react-i18next';

import { useUpdateCategory } from '../api/update-category';
import type { Category } from '../types';
import { categoryFormOf, toCategoryInput, validateCategory, type CategoryFormValues } from '../utils/category-form';
import { useCreateCategory } from '@/api/create-category';
import { DialogForm, TextAreaField, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

export interface CategoryFormDialogProps {
  /** The category to edit; null adds a new one. */
  category: Category | null;
  onClose: () => void;
  onSaved: (category: Category) => void;
}

/** Add Category and Edit Category: name and description. */
export function CategoryFormDialog({ category, onClose, onSaved }: CategoryFormDialogProps) {
  const { t } = useTranslation(['categories', 'common', 'errors']);
  const { mutateAsync: create } = useCreateCategory();
  const { mutateAsync: save } = useUpdateCategory();
  const { serverError, submitting, field, onSubmit } = useForm<CategoryFormValues>({
    initial: () => categoryFormOf(category),
    validate: validateCategory,
    fallback: t('errors:fallback.saveCategory'),
    submit: async (values) => {
      const input = toCategoryInput(values);
      onSaved(await (category ? save({ id: category.id, input }) : create(input)));
    },
  });

  return (
    <DialogForm
      title={category ? t('common:named.edit', { name: category.name }) : t('add')}
      submitLabel={category ? t('common:actions.saveChanges') : t('add')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <TextField label={t('form.name')} autoComplete="off" autoFocus {...field('name')} />
      <TextAreaField label={t('form.description')} hint={t('form.descriptionHint')} {...field('description')} />
    </DialogForm>
  );
}
