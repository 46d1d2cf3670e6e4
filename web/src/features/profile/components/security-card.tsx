import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useChangePassword } from '../api/change-password';
import { validateChangePassword, type ChangePasswordValues } from '../utils/validation';
import { LogoutEverywhereDialog } from './logout-everywhere-dialog';
import { Alert, Button, Card, CurrentPasswordField, FormActions, TextField } from '@/components/ui';
import { useForm } from '@/hooks/use-form';
import { MIN_PASSWORD_LENGTH } from '@/lib/validation';
import type { User } from '@/types/api';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The user's own password and sessions, for every user (a child too):
 * changing the password ends every other session and keeps this one going
 * with the token the answer gives; logging out everywhere ends them all,
 * this one included. Both ask for the current password.
 */
export function SecurityCard({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'errors']);
  const { mutateAsync: changePassword } = useChangePassword();
  const { setValues, serverError, saved, submitting, field, onSubmit } = useForm<ChangePasswordValues>({
    initial: EMPTY,
    validate: validateChangePassword,
    fallback: t('errors:fallback.changePassword'),
    submit: async (values) => {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(EMPTY);
    },
  });

  const [confirmingEverywhere, setConfirmingEverywhere] = useState(false);

  return (
    <Card title={t('security.title')}>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t('security.password.formLabel')}>
        <h3 className="section-title">{t('security.password.title')}</h3>
        {serverError && <Alert>{serverError}</Alert>}
        {saved && <Alert variant="success">{t('security.password.changed')}</Alert>}
        <CurrentPasswordField username={user.email} {...field('currentPassword')} />
        <TextField
          label={t('security.password.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('security.password.newPasswordHint', { min: MIN_PASSWORD_LENGTH })}
          {...field('newPassword')}
        />
        <TextField
          label={t('security.password.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <FormActions submitLabel={t('security.password.submit')} submitting={submitting} />
      </form>
      <div className="security-card__everywhere">
        <h3 className="section-title">{t('security.everywhere.title')}</h3>
        <p className="muted">{t('security.everywhere.explanation')}</p>
        <Button variant="secondary" onClick={() => setConfirmingEverywhere(true)}>
          {t('security.everywhere.submit')}
        </Button>
      </div>
      {confirmingEverywhere && <LogoutEverywhereDialog username={user.email} onClose={() => setConfirmingEverywhere(false)} />}
    </Card>
  );
}
