import { useTranslation } from 'react-i18next';

import { useSetChildPin } from '../api/set-child-pin';
import type { Child } from '../types';
import { DialogForm, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import type { FieldErrors } from '@/lib/validation';

interface PinValues {
  pin: string;
}

/** Exactly four digits, as the server checks. */
export function validatePin(values: PinValues, t: (key: 'pinDialog.required' | 'pinDialog.invalid') => string): FieldErrors<'pin'> {
  if (!values.pin) return { pin: t('pinDialog.required') };
  return /^[0-9]{4}$/.test(values.pin) ? {} : { pin: t('pinDialog.invalid') };
}

export interface SetPinDialogProps {
  child: Child;
  onClose: () => void;
  /** Called once the PIN is set (the dialog is done then). */
  onSaved: () => void;
}

/** The PIN a child who has joined enters on the family tablet. */
export function SetPinDialog({ child, onClose, onSaved }: SetPinDialogProps) {
  const { t } = useTranslation('tablet');
  const { mutateAsync: setPin } = useSetChildPin();
  const { serverError, submitting, field, onSubmit } = useForm<PinValues>({
    initial: { pin: '' },
    validate: (values) => validatePin(values, (key) => t(key)),
    fallback: t('pinDialog.failed'),
    submit: async (values) => {
      await setPin({ childId: child.id, input: { pin: values.pin } });
      onSaved();
    },
  });

  return (
    <DialogForm
      title={t('pinDialog.title', { name: child.name })}
      submitLabel={t('pinDialog.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <p className="muted">{t('pinDialog.explanation', { name: child.name })}</p>
      <TextField
        label={t('pinDialog.pin')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        autoFocus
        hint={t('pinDialog.hint')}
        {...field('pin')}
      />
    </DialogForm>
  );
}
