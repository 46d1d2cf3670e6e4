import { useTranslation } from 'react-i18next';

import { useDecide, type Redemption } from '../api/store';
import { DialogForm, TextAreaField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import type { RewardDisplayType } from '@/types/api';
import { formatReward } from '@/utils/format';

/** A parent approves or rejects a child's request, with a note for the child. */
export function DecisionDialog({
  redemption,
  approve,
  unit,
  onClose,
}: {
  redemption: Redemption;
  approve: boolean;
  unit: RewardDisplayType | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['store', 'errors']);
  const { mutateAsync: decide } = useDecide();
  const names = { item: redemption.itemName, child: redemption.childName };
  const { serverError, submitting, field, onSubmit } = useForm<{ note: string }>({
    initial: { note: '' },
    validate: () => ({}),
    fallback: t('errors:fallback.decideRedemption'),
    submit: async ({ note }) => {
      await decide({
        id: redemption.id,
        decision: { status: approve ? 'APPROVED' : 'REJECTED', note: note.trim() || null },
      });
      onClose();
    },
  });

  return (
    <DialogForm
      title={approve ? t('decision.titleApprove', names) : t('decision.titleReject', names)}
      submitLabel={approve ? t('approve') : t('reject')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      {approve && (
        <p className="muted">
          {t('decision.approveHint', { price: formatReward(redemption.price, unit), child: redemption.childName })}
        </p>
      )}
      <TextAreaField
        label={t('decision.note')}
        hint={t('decision.noteHint', { child: redemption.childName })}
        autoFocus
        {...field('note')}
      />
    </DialogForm>
  );
}
