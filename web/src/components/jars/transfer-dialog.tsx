import { useTranslation } from 'react-i18next';

import { JAR_NAMES, useTransfer, type Jars } from '@/api/jars';
import { EMPTY_TRANSFER, toTransfer, validateTransfer, type TransferValues } from './jar-forms';
import { AmountField, DialogForm, SelectField, TextAreaField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import type { RewardDisplayType } from '@/types/api';
import { formatReward } from '@/utils/format';

/** A parent moves money from one of a child's jars to another. */
export function TransferDialog({
  childId,
  name,
  jars,
  unit,
  onClose,
}: {
  childId: string;
  name: string;
  jars: Jars | undefined;
  unit: RewardDisplayType | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['common', 'errors']);
  const { mutateAsync: transfer } = useTransfer(childId);
  const { serverError, submitting, field, onSubmit } = useForm<TransferValues>({
    initial: EMPTY_TRANSFER,
    validate: validateTransfer,
    fallback: t('errors:fallback.transfer'),
    submit: async (values) => {
      await transfer(toTransfer(values));
      onClose();
    },
  });
  const held = { SPEND: jars?.spend ?? 0, SAVE: jars?.save ?? 0, GIVE: jars?.give ?? 0 };
  const options = JAR_NAMES.map((jar) => ({
    value: jar,
    label: t('jars.transferDialog.option', { jar: t(`jars.${jar}`), amount: formatReward(held[jar], unit) }),
  }));

  return (
    <DialogForm
      title={t('jars.transferDialog.title', { name })}
      submitLabel={t('jars.transferDialog.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <SelectField label={t('jars.transferDialog.from')} options={options} {...field('from')} />
      <SelectField label={t('jars.transferDialog.to')} options={options} {...field('to')} />
      <AmountField label={t('jars.transferDialog.amount')} min={0.01} hint={t('jars.transferDialog.amountHint')} {...field('amount')} />
      <TextAreaField label={t('jars.transferDialog.notes')} hint={t('jars.transferDialog.notesHint')} {...field('notes')} />
    </DialogForm>
  );
}
