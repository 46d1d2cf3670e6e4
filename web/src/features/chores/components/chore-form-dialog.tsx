import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateChore } from '../api/create-chore';
import { useUpdateChore } from '../api/update-chore';
import {
  ASSIGNMENT_MODES,
  WEEKDAYS,
  choreFormOf,
  toChoreInput,
  validateChore,
  type ChoreFormValues,
} from '../utils/chore-form';
import { NewCategoryField } from './new-category-field';
import { frequencyOptions } from '../utils/frequency';
import { assignmentText } from '../utils/schedule';
import { AmountField, Button, CheckboxField, DialogForm, SelectField, TextAreaField, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { choiceOf } from '@/lib/validation';
import type { CategoryRef, Chore, ChildRef } from '@/types/api';
import { formatWeekday } from '@/utils/format';

/** The day sets a parent picks most, one tap each (ISO weekdays). */
const DAY_PRESETS = [
  ['everyDay', [1, 2, 3, 4, 5, 6, 7]],
  ['schoolDays', [1, 2, 3, 4, 5]],
  ['weekends', [6, 7]],
] as const;

export interface ChoreFormDialogProps {
  /** The chore to edit; null adds a new one. */
  chore: Chore | null;
  categories: readonly CategoryRef[];
  /** The family's children, in the family's order: who a chore can be assigned to. */
  familyChildren: readonly ChildRef[];
  onClose: () => void;
  onSaved: (chore: Chore) => void;
}

/** Add Chore and Edit Chore. */
export function ChoreFormDialog({ chore, categories, familyChildren, onClose, onSaved }: ChoreFormDialogProps) {
  const { t } = useTranslation(['chores', 'common', 'errors']);
  const { mutateAsync: create } = useCreateChore();
  const { mutateAsync: save } = useUpdateChore();
  const { values, errors, serverError, submitting, field, update, onSubmit } = useForm<ChoreFormValues>({
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
      assignedChildIds: 'assignedChildIds',
      assignmentMode: 'assignmentMode',
      dueDays: 'dueDays',
      dueTime: 'dueTime',
      missedPenalty: 'missedPenalty',
    },
    submit: async (values) => {
      const input = toChoreInput(values);
      onSaved(await (chore ? save({ id: chore.id, input }) : create(input)));
    },
  });
  // Categories made in this form are choices at once (the list refreshes after).
  const [made, setMade] = useState<readonly CategoryRef[]>([]);
  const choices = [...categories, ...made.filter((own) => !categories.some((listed) => listed.id === own.id))];
  const [making, setMaking] = useState(choices.length === 0);
  const categoryOptions = choices.map((category) => ({ value: category.id, label: category.name }));
  const modeOptions = ASSIGNMENT_MODES.map((mode) => ({ value: mode, label: t(`form.modes.${mode}`) }));
  const nameOf = (id: string) => familyChildren.find((child) => child.id === id)?.name;
  const ids = useId();

  // Ticking adds a child at the end of the turn order; unticking takes them out.
  const toggleChild = (id: string, on: boolean) =>
    update(
      'assignedChildIds',
      on ? [...values.assignedChildIds.filter((other) => other !== id), id] : values.assignedChildIds.filter((other) => other !== id),
    );
  const toggleDay = (day: number, on: boolean) =>
    update('dueDays', on ? [...values.dueDays.filter((other) => other !== day), day] : values.dueDays.filter((other) => other !== day));

  const summary = assignmentText(
    {
      assignedChildIds: values.assignedChildIds,
      assignmentMode: values.assignmentMode,
      dueDays: values.dueDays,
      frequencyDays: Number(values.frequencyDays),
    },
    nameOf,
  );

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
        {making ? (
          <NewCategoryField
            onMade={(category) => {
              setMade((list) => [...list, category]);
              update('categoryId', category.id);
              setMaking(false);
            }}
            onCancel={choices.length > 0 ? () => setMaking(false) : undefined}
          />
        ) : (
          <div>
            <SelectField
              label={t('form.category')}
              placeholder={t('form.categoryPlaceholder')}
              options={categoryOptions}
              {...field('categoryId')}
            />
            <Button variant="ghost" size="sm" onClick={() => setMaking(true)}>
              {t('form.newCategory')}
            </Button>
          </div>
        )}
      </div>
      <SelectField label={t('form.frequency')} options={frequencyOptions()} {...field('frequencyDays')} />

      <fieldset
        className={errors.assignedChildIds ? 'fieldset field--invalid' : 'fieldset'}
        aria-describedby={`${ids}-who-hint${errors.assignedChildIds ? ` ${ids}-who-error` : ''}`}
      >
        <legend className="field__label">{t('form.who')}</legend>
        <p id={`${ids}-who-hint`} className="field__hint">
          {familyChildren.length > 0 ? t('form.whoHint') : t('form.noChildren')}
        </p>
        {familyChildren.length > 0 && (
          <div className="choice-chips">
            {familyChildren.map((child) => (
              <CheckboxField
                key={child.id}
                className="choice-chip"
                label={child.name}
                name="assignedChildIds"
                value={child.id}
                checked={values.assignedChildIds.includes(child.id)}
                onChange={(event) => toggleChild(child.id, event.target.checked)}
              />
            ))}
          </div>
        )}
        {errors.assignedChildIds && (
          <p id={`${ids}-who-error`} className="field__error" role="alert">
            {errors.assignedChildIds}
          </p>
        )}
      </fieldset>
      <SelectField
        label={t('form.mode')}
        options={modeOptions}
        name="assignmentMode"
        value={values.assignmentMode}
        error={errors.assignmentMode}
        hint={summary}
        onChange={(event) => update('assignmentMode', choiceOf(event.target.value, ASSIGNMENT_MODES))}
      />

      <fieldset
        className={errors.dueDays ? 'fieldset field--invalid' : 'fieldset'}
        aria-describedby={`${ids}-days-hint${errors.dueDays ? ` ${ids}-days-error` : ''}`}
      >
        <legend className="field__label">{t('form.when')}</legend>
        <p id={`${ids}-days-hint`} className="field__hint">
          {t('form.whenHint')}
        </p>
        <div className="choice-chips">
          {DAY_PRESETS.map(([preset, days]) => (
            <Button key={preset} variant="secondary" size="sm" onClick={() => update('dueDays', [...days])}>
              {t(`form.dayPresets.${preset}`)}
            </Button>
          ))}
        </div>
        <div className="choice-chips">
          {WEEKDAYS.map((day) => (
            <CheckboxField
              key={day}
              className="choice-chip"
              label={formatWeekday(day)}
              aria-label={t('form.dayLabel', { day: formatWeekday(day, 'long') })}
              name="dueDays"
              value={String(day)}
              checked={values.dueDays.includes(day)}
              onChange={(event) => toggleDay(day, event.target.checked)}
            />
          ))}
        </div>
        {errors.dueDays && (
          <p id={`${ids}-days-error`} className="field__error" role="alert">
            {errors.dueDays}
          </p>
        )}
      </fieldset>
      <TextField label={t('form.dueTime')} type="time" hint={t('form.dueTimeHint')} {...field('dueTime')} />
      {/* Only a chore with due days can be missed; a problem the server finds with it stays in sight. */}
      {(values.dueDays.length > 0 || errors.missedPenalty) && (
        <AmountField label={t('form.missedPenalty')} hint={t('form.missedPenaltyHint')} {...field('missedPenalty')} />
      )}

      <CheckboxField
        label={t('form.requiresPhoto')}
        name="requiresPhoto"
        checked={values.requiresPhoto}
        onChange={(event) => update('requiresPhoto', event.target.checked)}
      />
    </DialogForm>
  );
}
