import { useTranslation } from 'react-i18next';

import { useSaveGoal, type Goal } from '@/api/goals';
import { goalValues, toGoalInput, validateGoal, type GoalValues } from './goal-form';
import { AmountField, DialogForm, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

/** Adds a savings goal for a child (the child themselves or a parent), or changes one (`goal`). */
export function GoalDialog({ childId, goal, onClose }: { childId: string; goal: Goal | null; onClose: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  const { mutateAsync: save } = useSaveGoal(childId);
  const { serverError, submitting, field, onSubmit } = useForm<GoalValues>({
    initial: () => goalValues(goal),
    validate: validateGoal,
    fallback: t('errors:fallback.saveGoal'),
    submit: async (values) => {
      await save({ id: goal?.id, input: toGoalInput(values) });
      onClose();
    },
  });

  return (
    <DialogForm
      title={goal ? t('goals.dialog.titleEdit', { name: goal.name }) : t('goals.dialog.titleAdd')}
      submitLabel={t('goals.dialog.save')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <TextField label={t('goals.dialog.name')} autoComplete="off" autoFocus hint={t('goals.dialog.nameHint')} {...field('name')} />
      <AmountField label={t('goals.dialog.target')} min={0.01} {...field('target')} />
      <TextField label={t('goals.dialog.emoji')} autoComplete="off" hint={t('goals.dialog.emojiHint')} {...field('emoji')} />
    </DialogForm>
  );
}
