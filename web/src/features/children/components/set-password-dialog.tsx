import { useTranslation } from 'react-i18next';

import { useSetChildPassword } from '../api/set-child-password';
import type { Child } from '../types';
import { validateChildPassword, type ChildPasswordValues } from '../utils/validation';
import { DialogForm, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { MIN_PASSWORD_LENGTH } from '@/lib/validation';

export interface SetPasswordDialogProps {
  child: Child;
  onClose: () => void;
  /** Called once the password is set (the dialog is done then). */
  onSaved: () => void;
}

/** A new password for a child who has joined: they are signed out on their devices and log in with it. */
export function SetPasswordDialog({ child, onClose, onSaved }: SetPasswordDialogProps) {
  const { t } = useTranslation(['children', 'errors']);
  const { mutateAsync: setPassword } = useSetChildPassword();
  const { serverError, submitting, field, onSubmit } = useForm<ChildPasswordValues>({
    initial: { password: '', confirmPassword: '' },
    validate: validateChildPassword,
    fallback: t('errors:fallback.setChildPassword'),
    submit: async (values) => {
      await setPassword({ childId: child.id, input: { password: values.password } });
      onSaved();
    },
  });

  return (
    <DialogForm
      title={t('password.title', { name: child.name })}
      submitLabel={t('password.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <p className="muted">{t('password.explanation', { name: child.name })}</p>
      {/* For password managers: whose password this is. */}
      {child.user?.email && (
        <input type="email" name="username" autoComplete="username" value={child.user.email} readOnly hidden />
      )}
      <TextField
        label={t('password.password')}
        type="password"
        autoComplete="new-password"
        autoFocus
        hint={t('password.passwordHint', { min: MIN_PASSWORD_LENGTH })}
        {...field('password')}
      />
      <TextField label={t('password.confirmPassword')} type="password" autoComplete="new-password" {...field('confirmPassword')} />
    </DialogForm>
  );
}
