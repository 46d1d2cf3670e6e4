import { useTranslation } from 'react-i18next';

import { useLogoutEverywhere } from '../api/logout-everywhere';
import { CurrentPasswordField, DialogForm } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { useLeaveSession } from '@/hooks/use-logout';
import { validateCurrentPassword } from '@/lib/validation';

interface PasswordValues {
  currentPassword: string;
}

export interface LogoutEverywhereDialogProps {
  /** The signed-in user's email, for password managers. */
  username: string;
  onClose: () => void;
}

/**
 * The confirmation of logging out everywhere, with the current password the
 * server asks for; once every session has ended, the login screen shows.
 */
export function LogoutEverywhereDialog({ username, onClose }: LogoutEverywhereDialogProps) {
  const { t } = useTranslation(['profile', 'errors']);
  const leave = useLeaveSession();
  const { mutateAsync: logoutEverywhere } = useLogoutEverywhere();
  const { serverError, submitting, field, onSubmit } = useForm<PasswordValues>({
    initial: { currentPassword: '' },
    validate: (values) => ({ currentPassword: validateCurrentPassword(values.currentPassword) }),
    fallback: t('errors:fallback.logoutEverywhere'),
    submit: async (values) => {
      await logoutEverywhere({ currentPassword: values.currentPassword });
      leave();
    },
  });

  return (
    <DialogForm
      title={t('security.everywhere.dialogTitle')}
      submitLabel={t('security.everywhere.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      submitting={submitting}
    >
      <p className="muted">{t('security.everywhere.confirm')}</p>
      <CurrentPasswordField username={username} autoFocus {...field('currentPassword')} />
    </DialogForm>
  );
}
