import { useCreateChore } from '../api/create-chore';
import { useUpdateChore } from '../api/update-chore';
import { choreFormOf, toChoreInput, validateChore, type ChoreFormValues } from '../utils/chore-form';
import { FREQUENCY_OPTIONS } from '../utils/frequency';
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
  const { mutateAsync: create } = useCreateChore();
  const { mutateAsync: save } = useUpdateChore();
  const { values, serverError, submitting, field, update, onSubmit } = useForm<ChoreFormValues>({
    initial: () => choreFormOf(chore),
    validate: validateChore,
    fallback: chore ? 'Failed to update chore' : 'Failed to create chore',
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
      title={chore ? `Edit ${chore.name}` : 'Add Chore'}
      submitLabel={chore ? 'Save Changes' : 'Add Chore'}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <TextField label="Name" autoComplete="off" autoFocus {...field('name')} />
      <TextAreaField label="Description" hint="Optional. What counts as done." {...field('description')} />
      <div className="form__row">
        <AmountField label="Base Reward" hint="In dollars, e.g. 1.50." {...field('baseReward')} />
        <SelectField label="Category" placeholder="Choose a category" options={categoryOptions} {...field('categoryId')} />
      </div>
      <SelectField label="Frequency" options={FREQUENCY_OPTIONS} {...field('frequencyDays')} />
      <CheckboxField
        label="Requires photo"
        name="requiresPhoto"
        checked={values.requiresPhoto}
        onChange={(event) => update('requiresPhoto', event.target.checked)}
      />
    </DialogForm>
  );
}
