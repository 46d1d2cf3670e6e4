import { useTranslation } from 'react-i18next';

import { TextField, type TextFieldProps } from './text-field';

export interface CurrentPasswordFieldProps extends Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'> {
  /** Whose password it is (the signed-in user's email), for password managers. */
  username: string;
}

/**
 * The password the user signs in with now, which changing the password and
 * the account's other security calls ask for. A hidden username field before
 * it tells password managers whose password to fill in. Goes inside a form.
 */
export function CurrentPasswordField({ username, ...props }: CurrentPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={username} readOnly hidden />
      <TextField label={t('currentPassword.label')} type="password" autoComplete="current-password" {...props} />
    </>
  );
}
