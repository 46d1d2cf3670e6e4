import { useTranslation } from 'react-i18next';

import { useExcuseMissed } from '@/api/excuse-missed';
import { DialogForm, TextAreaField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import type { MissedChore, RewardDisplayType } from '@/types/api';
import { formatCalendarDate, formatReward } from '@/utils/format';

/*
 * Shared by History's missed chores and the parents' Today screen. Its texts
 * stay in the history namespace: a screen that shows it loads that namespace.
 */

export interface ExcuseMissedDialogProps {
  missed: MissedChore;
  rewardType: RewardDisplayType | undefined;
  onClose: () => void;
}

/** Excuses a missed chore with an optional reason: what its penalty took is given back. */
export function ExcuseMissedDialog({ missed, rewardType, onClose }: ExcuseMissedDialogProps) {
  const { t } = useTranslation(['history', 'errors']);
  const { mutateAsync: excuse } = useExcuseMissed();
  const { serverError, submitting, field, onSubmit } = useForm({
    initial: { reason: '' },
    validate: () => ({}),
    fallback: t('errors:fallback.excuseMissed'),
    submit: async (values) => {
      await excuse({ id: missed.id, reason: values.reason.trim() });
      onClose();
    },
  });
  const date = formatCalendarDate(missed.dueOn);

  return (
    <DialogForm
      title={t('missed.excuseTitle', { chore: missed.choreName })}
      submitLabel={t('missed.excuse')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <p className="muted">
        {missed.penalty > 0
          ? t('missed.excuseDescriptionPenalty', {
              child: missed.child.name,
              date,
              amount: formatReward(missed.penalty, rewardType),
            })
          : t('missed.excuseDescription', { child: missed.child.name, date })}
      </p>
      <TextAreaField label={t('missed.reasonLabel')} hint={t('missed.reasonHint')} maxLength={500} {...field('reason')} />
    </DialogForm>
  );
}
