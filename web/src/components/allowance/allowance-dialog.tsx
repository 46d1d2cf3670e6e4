import { useTranslation } from 'react-i18next';

import { useSetAllowance, type Allowance } from '@/api/allowance';
import { allowanceValues, toAllowance, validateAllowance, type AllowanceValues } from './allowance-forms';
import { AmountField, DialogForm, SelectField, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { formatWeekday } from '@/utils/format';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A parent sets a child's allowance: amount, weekly or monthly, the day, and the chores it needs. */
export function AllowanceDialog({
  childId,
  name,
  allowance,
  onClose,
}: {
  childId: string;
  name: string;
  allowance: Allowance | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['children', 'errors']);
  const { mutateAsync: save } = useSetAllowance(childId);
  const { values, serverError, submitting, field, onSubmit } = useForm<AllowanceValues>({
    initial: () => allowanceValues(allowance),
    validate: validateAllowance,
    fallback: t('allowance.saveFailed'),
    serverFields: { amount: 'amount', period: 'period', minApprovedChores: 'minApprovedChores' },
    submit: async (input) => {
      await save(toAllowance(input));
      onClose();
    },
  });
  const periods = (['WEEKLY', 'MONTHLY'] as const).map((period) => ({ value: period, label: t(`allowance.${period}`) }));
  const weekdays = WEEKDAYS.map((day) => ({ value: String(day), label: formatWeekday(day, 'long') }));

  return (
    <DialogForm
      title={t('allowance.dialogTitle', { name })}
      submitLabel={t('allowance.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <AmountField label={t('allowance.amount')} hint={t('allowance.amountHint')} {...field('amount')} />
      <SelectField label={t('allowance.period')} options={periods} {...field('period')} />
      {values.period === 'MONTHLY' ? (
        <TextField
          label={t('allowance.monthDay')}
          hint={t('allowance.monthDayHint')}
          type="number"
          inputMode="numeric"
          min={1}
          max={31}
          step={1}
          {...field('monthDay')}
        />
      ) : (
        <SelectField label={t('allowance.weekday')} options={weekdays} {...field('weekday')} />
      )}
      <TextField
        label={t('allowance.minChores')}
        hint={t('allowance.minChoresHint')}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        {...field('minApprovedChores')}
      />
    </DialogForm>
  );
}
