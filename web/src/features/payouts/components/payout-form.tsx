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
  const { mutateAsync: create } = useCreatePayout();
  const { setValues, serverError, submitting, saved, field, onSubmit } = useForm<PayoutFormValues>({
    initial: EMPTY_PAYOUT,
    validate: validatePayout,
    fallback: 'Failed to create payout',
    submit: async (values) => {
      await create(toPayoutInput(values));
      setValues(EMPTY_PAYOUT);
    },
  });

  return (
    <form className="form form--narrow" onSubmit={onSubmit} noValidate aria-label="Record payout">
      {serverError && <Alert>{serverError}</Alert>}
      {saved && <Alert variant="success">Payout recorded</Alert>}
      <SelectField
        label="Child"
        placeholder="Choose a child"
        options={payees.map(payoutChildOption)}
        hint={payees.length === 0 ? 'No children yet: invite them from the Children page.' : undefined}
        {...field('childId')}
      />
      <AmountField label="Amount" min={0.01} hint="In dollars, taken from the child's balance." {...field('amount')} />
      <TextAreaField label="Notes" hint="Optional, e.g. cash for the cinema." {...field('notes')} />
      <FormActions submitLabel="Record Payout" submitting={submitting} />
    </form>
  );
}
