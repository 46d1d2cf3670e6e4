import { i18n } from './i18n';
import { isBlank } from './validation';

/**
 * A code typed into a two-factor step (an authenticator app's 6 digits, or
 * a recovery code): required. Whether it is right is the server's to say.
 */
export function validateOneTimeCode(value: string): string | undefined {
  return isBlank(value) ? i18n.t('mfa:code.required') : undefined;
}

/** A code as sent: without the spaces an app or a list may show it with ("123 456"). */
export function oneTimeCodeOf(value: string): string {
  return value.replace(/\s+/g, '');
}
