import { useTranslation } from 'react-i18next';

import { useSetSplit, type Split } from '@/api/jars';
import { splitSum, splitValues, toSplit, validateSplit, type SplitValues } from './jar-forms';
import { DialogForm, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';

/** A parent sets how a child's new earnings are split between the jars. */
export function SplitDialog({
  childId,
  name,
  split,
  onClose,
}: {
  childId: string;
  name: string;
  split: Split | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['common', 'errors']);
  const { mutateAsync: save } = useSetSplit(childId);
  const { values, serverError, submitting, field, onSubmit } = useForm<SplitValues>({
    initial: () => splitValues(split),
    validate: validateSplit,
    fallback: t('errors:fallback.saveSplit'),
    serverFields: { spend: 'spend', save: 'save', give: 'give', split: 'give' },
    submit: async (input) => {
      await save(toSplit(input));
      onClose();
    },
  });
  const percentField = (jar: 'spend' | 'save' | 'give', label: string) => (
    <TextField label={label} type="number" inputMode="numeric" min={0} max={100} step={1} {...field(jar)} />
  );

  return (
    <DialogForm
      title={t('jars.splitDialog.title', { name })}
      submitLabel={t('jars.splitDialog.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <p className="muted">{t('jars.splitDialog.hint')}</p>
      {percentField('spend', t('jars.SPEND'))}
      {percentField('save', t('jars.SAVE'))}
      {percentField('give', t('jars.GIVE'))}
      <p className="muted small" aria-live="polite">
        {t('jars.splitDialog.sum', { sum: splitSum(values) })}
      </p>
    </DialogForm>
  );
}
