import { useTranslation } from 'react-i18next';

import { useCreatePayout } from '../api/create-payout';
import type { PayoutChild } from '../types';
import {
  EMPTY_PAYOUT,
  payoutChildOption,
  toPayoutInput,
  validatePayout,
  type PayoutFormValues,
} from '../utils/payout-form';
import { Alert, AmountField, FormActions, SelectField, TextAreaField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

export interface PayoutFormProps {
  /** The children to choose from, with their balances. */
  payees: readonly PayoutChild[];
}

/** Records money paid out of a child's balance. */
export function PayoutForm({ payees }: PayoutFormProps) {
  const { t } = useTranslation(['payouts', 'errors']);
  const { mutateAsync: create } = useCreatePayout();
  const { setValues, serverError, submitting, saved, field, onSubmit } = useForm<PayoutFormValues>({
    initial: EMPTY_PAYOUT,
    validate: validatePayout,
    fallback: t('errors:fallback.createPayout'),
    submit: async (values) => {
      await create(toPayoutInput(values));
      setValues(EMPTY_PAYOUT);
    },
  });

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
      <AmountField label={t('form.amount')} min={0.01} hint={t('form.amountHint')} {...field('amount')} />
      <TextAreaField label={t('form.notes')} hint={t('form.notesHint')} {...field('notes')} />
      <FormActions submitLabel={t('form.submit')} submitting={submitting} />
    </form>
  );
}
