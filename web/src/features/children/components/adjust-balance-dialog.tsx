import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation(['children', 'errors']);
  const { mutateAsync: adjust } = useAdjustBalance();
  const { serverError, submitting, field, onSubmit } = useForm<BalanceAdjustmentValues>({
    initial: { amount: '', notes: '' },
    validate: validateBalanceAdjustment,
    fallback: t('errors:fallback.adjustBalance'),
    submit: async (values) => {
      await adjust({ childId: child.id, input: { amount: toSignedAmount(values.amount), notes: values.notes.trim() } });
      onClose();
    },
  });

  return (
    <DialogForm
      title={t('balance.title', { name: child.name })}
      submitLabel={t('balance.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <p className="muted">
        {t('balance.current', { balance: formatReward(child.balance, child.rewardDisplayType) })}
      </p>
      <TextField
        label={t('balance.amount')}
        autoComplete="off"
        inputMode="decimal"
        placeholder="+10.00"
        autoFocus
        hint={t('balance.amountHint')}
        {...field('amount')}
      />
      <TextAreaField label={t('balance.notes')} hint={t('balance.notesHint')} {...field('notes')} />
    </DialogForm>
  );
}
