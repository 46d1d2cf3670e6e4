import { useTranslation } from 'react-i18next';

import { useCreateChore } from '../api/create-chore';
import { useUpdateChore } from '../api/update-chore';
import { choreFormOf, toChoreInput, validateChore, type ChoreFormValues } from '../utils/chore-form';
import { frequencyOptions } from '../utils/frequency';
import { AmountField, CheckboxField, DialogForm, SelectField, TextAreaField, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import type { CategoryRef, Chore } from '@/types/api';

export interface ChoreFormDialogProps {
  /** The chore to edit; null adds a new one. */
  chore: Chore | null;
  categories: readonly CategoryRef[];
  onClose: () => void;
  onSaved: (chore: Chore) => void;
}

/** Add Chore and Edit Chore. */
export function ChoreFormDialog({ chore, categories, onClose, onSaved }: ChoreFormDialogProps) {
  const { t } = useTranslation(['chores', 'common', 'errors']);
  const { mutateAsync: create } = useCreateChore();
  const { mutateAsync: save } = useUpdateChore();
  const { values, serverError, submitting, field, update, onSubmit } = useForm<ChoreFormValues>({
    initial: () => choreFormOf(chore),
    validate: validateChore,
    fallback: chore ? t('errors:fallback.updateChore') : t('errors:fallback.createChore'),
    // The photo checkbox has no place for a message: a problem with it is the alert.
    serverFields: {
      name: 'name',
      description: 'description',
      baseReward: 'baseReward',
      categoryId: 'categoryId',
      frequencyDays: 'frequencyDays',
    },
    submit: async (values) => {
      const input = toChoreInput(values);
      onSaved(await (chore ? save({ id: chore.id, input }) : create(input)));
    },
  });
  const categoryOptions = categories.map((category) => ({ value: category.id, label: category.name }));

  return (
    <DialogForm
      title={chore ? t('common:named.edit', { name: chore.name }) : t('form.add')}
      submitLabel={chore ? t('common:actions.saveChanges') : t('form.add')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <TextField label={t('form.name')} autoComplete="off" autoFocus {...field('name')} />
      <TextAreaField label={t('form.description')} hint={t('form.descriptionHint')} {...field('description')} />
      <div className="form__row">
        <AmountField label={t('form.baseReward')} hint={t('form.baseRewardHint')} {...field('baseReward')} />
        <SelectField
          label={t('form.category')}
          placeholder={t('form.categoryPlaceholder')}
          options={categoryOptions}
          {...field('categoryId')}
        />
      </div>
      <SelectField label={t('form.frequency')} options={frequencyOptions()} {...field('frequencyDays')} />
      <CheckboxField
        label={t('form.requiresPhoto')}
        name="requiresPhoto"
        checked={values.requiresPhoto}
        onChange={(event) => update('requiresPhoto', event.target.checked)}
      />
    </DialogForm>
  );
}
