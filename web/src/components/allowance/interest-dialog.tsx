import { useTranslation } from 'react-i18next';

import { useSetInterest, type Interest } from '@/api/allowance';
import { interestValues, toInterest, validateInterest, type InterestValues } from './allowance-forms';
import { DialogForm, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

/** A parent sets the monthly interest on a child's save jar. */
export function InterestDialog({
  childId,
  name,
  interest,
  onClose,
}: {
  childId: string;
  name: string;
  interest: Interest | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['children', 'errors']);
  const { mutateAsync: save } = useSetInterest(childId);
  const { serverError, submitting, field, onSubmit } = useForm<InterestValues>({
    initial: () => interestValues(interest),
    validate: validateInterest,
    fallback: t('allowance.saveFailed'),
    serverFields: { percentPerMonth: 'percent' },
    submit: async (input) => {
      await save(toInterest(input));
      onClose();
    },
  });

  return (
    <DialogForm
      title={t('allowance.interestTitle', { name })}
      submitLabel={t('allowance.interestSubmit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <TextField
        label={t('allowance.percent')}
        hint={t('allowance.percentHint')}
        type="number"
        inputMode="decimal"
        min={0}
        max={10}
        step={0.01}
        {...field('percent')}
      />
    </DialogForm>
  );
}
