import { useTranslation } from 'react-i18next';

import { useCreatePayout } from '../api/create-payout';
import type { PayoutChild } from '../types';
import {
  EMPTY_PAYOUT,
  payoutChildOption,
  spendJarHint,
  toPayoutInput,
  validatePayout,
  type PayoutFormValues,
  type SpendJar,
} from '../utils/payout-form';
import { useJars } from '@/api/jars';
import { Alert, AmountField, FormActions, SelectField, TextAreaField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

export interface PayoutFormProps {
  /** The children to choose from, with their balances. */
  payees: readonly PayoutChild[];
}

/**
 * Records money paid out of a child's spend jar (the server takes a payout
 * sent without a jar from SPEND): once a child is chosen the form says what
 * that jar holds, and refuses more before sending; the server checks again.
 */
export function PayoutForm({ payees }: PayoutFormProps) {
  const { t } = useTranslation(['payouts', 'errors']);
  const { mutateAsync: create } = useCreatePayout();
  const { values, setValues, serverError, submitting, saved, field, onSubmit } = useForm<PayoutFormValues>({
    initial: EMPTY_PAYOUT,
    // Against the spend jar this render shows (read below; unknown while it loads).
    validate: (typed) => validatePayout(typed, spendJar),
    fallback: t('errors:fallback.createPayout'),
    submit: async (typed) => {
      await create(toPayoutInput(typed));
      setValues(EMPTY_PAYOUT);
    },
  });
  const payee = payees.find((child) => child.id === values.childId);
  const jars = useJars(payee?.id);
  const spendJar: SpendJar | undefined =
    payee && jars.data ? { name: payee.name, spend: jars.data.spend, unit: payee.rewardDisplayType } : undefined;

  return (
    <form className="form form--narrow" onSubmit={onSubmit} noValidate aria-label={t('form.label')}>
      {serverError && <Alert>{serverError}</Alert>}
      {saved && <Alert variant="success">{t('form.saved')}</Alert>}
      <SelectField
        label={t('form.child')}
        placeholder={t('form.childPlaceholder')}
        options={payees.map(payoutChildOption)}
        hint={payees.length === 0 ? t('form.noChildren') : undefined}
        {...field('childId')}
      />
      {/* Beside the child, not as the amount's hint: an amount's error would hide it. */}
      {spendJar && (
        <p className="muted small" aria-live="polite">
          {spendJarHint(spendJar)}
        </p>
      )}
      <AmountField label={t('form.amount')} min={0.01} hint={t('form.amountHint')} {...field('amount')} />
      <TextAreaField label={t('form.notes')} hint={t('form.notesHint')} {...field('notes')} />
      <FormActions submitLabel={t('form.submit')} submitting={submitting} />
    </form>
  );
}
