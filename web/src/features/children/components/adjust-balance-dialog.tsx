import { useAdjustBalance } from '../api/adjust-balance';
import type { Child } from '../types';
import {
  toSignedAmount,
  validateBalanceAdjustment,
  type BalanceAdjustmentValues,
} from '../utils/balance-adjustment';
import { DialogForm, TextAreaField, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { formatReward } from '@/utils/format';

export interface AdjustBalanceDialogProps {
  child: Child;
  /** Closes the dialog, also once the adjustment is taken and the children are loaded again. */
  onClose: () => void;
}

/** Adds to or takes from a child's balance, with the reason written down. */
export function AdjustBalanceDialog({ child, onClose }: AdjustBalanceDialogProps) {
  const { mutateAsync: adjust } = useAdjustBalance();
  const { serverError, submitting, field, onSubmit } = useForm<BalanceAdjustmentValues>({
    initial: { amount: '', notes: '' },
    validate: validateBalanceAdjustment,
    fallback: 'Failed to adjust balance',
    submit: async (values) => {
      await adjust({ childId: child.id, input: { amount: toSignedAmount(values.amount), notes: values.notes.trim() } });
      onClose();
    },
  });

  return (
    <DialogForm
      title={`Adjust ${child.name}'s Balance`}
      submitLabel="Adjust Balance"
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <p className="muted">Current balance: {formatReward(child.balance, child.rewardDisplayType)}</p>
      <TextField
        label="Amount"
        autoComplete="off"
        inputMode="decimal"
        placeholder="+10.00"
        autoFocus
        hint="In dollars: + adds, - takes away, e.g. +10.00 or -5.50."
        {...field('amount')}
      />
      <TextAreaField label="Notes" hint="The reason, kept with the balance history." {...field('notes')} />
    </DialogForm>
  );
}
