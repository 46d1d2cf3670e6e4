import { afterEach, describe, expect, it } from 'vitest';

import { ApiError, getErrorMessage } from './api-client';
import { serverFieldErrors } from './field-errors';
import { i18n } from './i18n';
import { fieldErrorText, refusalText, serverErrorText } from './server-messages';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a refused field', () => {
  const tooLong = {
    field: 'firstName',
    message: 'First name must be at most 100 characters',
    code: 'TOO_LONG' as const,
    params: { label: 'firstName', max: 100 },
  };

  it('reads in English as the server words it', () => {
    expect(fieldErrorText(tooLong)).toBe(tooLong.message);
    expect(fieldErrorText({ field: 'email', message: 'x', code: 'REQUIRED', params: { label: 'familyName' } })).toBe(
      'Family name is required',
    );
  });

  it('is translated by its code, the field named the language’s way', async () => {
    await i18n.changeLanguage('de');
    expect(fieldErrorText(tooLong)).toBe('Vorname: höchstens 100 Zeichen');
    await i18n.changeLanguage('es');
    expect(fieldErrorText({ ...tooLong, message: 'Reworded' })).toBe('Nombre: como máximo 100 caracteres');
    expect(fieldErrorText({ field: 'email', message: 'Please enter a valid email address', code: 'EMAIL_INVALID' })).toBe(
      'Introduce un correo electrónico válido',
    );
  });

  it('shows its words as sent when it has no code of the catalogue', async () => {
    await i18n.changeLanguage('es');
    expect(fieldErrorText({ field: 'ageGroup', message: 'Something only a proxy says' })).toBe(
      'Something only a proxy says',
    );
    expect(fieldErrorText({ field: 'x', message: 'Words', code: 'TOO_LONG', params: { label: 'firstName' } })).toBe(
      'Words',
    );
  });
});

describe('a refusal of the catalogue', () => {
  const cannotAfford = {
    error: "Ice cream costs $2.50, but Mia's spend jar has only $1.50",
    message: "Ice cream costs $2.50, but Mia's spend jar has only $1.50",
    code: 'CANNOT_AFFORD' as const,
    params: { item: 'Ice cream', price: 2.5, name: 'Mia', spend: 1.5 },
  };

  it('reads in English as the server words it', () => {
    expect(refusalText('TAKEN_UNTIL', { name: 'Lily', date: '2030-01-15' })).toBe(
      'Lily has already taken this chore; it is free again on January 15, 2030',
    );
    expect(refusalText('CATEGORY_IN_USE', { count: 4 })).toBe(
      'This category still has 4 active chore(s). Move or retire them before deleting it.',
    );
    expect(serverErrorText(cannotAfford)).toBe(cannotAfford.message);
    expect(refusalText('JAR_TOO_LOW', { name: 'Mia', jar: 'SAVE', amount: 0.25 })).toBe("Mia's save jar has only $0.25");
    expect(refusalText('GOAL_LIMIT', { limit: 20 })).toBe(
      'A child can have at most 20 savings goals. Remove one to add another.',
    );
  });

  it('is translated by its code, its values shown the language’s way', async () => {
    await i18n.changeLanguage('de');
    expect(serverErrorText(cannotAfford)).toBe(
      'Ice cream kostet 2,50\u00a0$, aber im Ausgeben-Glas von Mia sind nur 1,50\u00a0$',
    );
    expect(refusalText('JAR_TOO_LOW', { name: 'Mia', jar: 'SAVE', amount: 0.25 })).toBe(
      'Im Glas „Sparen“ von Mia sind nur 0,25\u00a0$',
    );
    await i18n.changeLanguage('es');
    expect(refusalText('PAYOUT_OVER_BALANCE', { name: 'Mia', balance: 1234.5 })).toBe(
      'El pago es mayor que el saldo de Mia, que es de 1234,50\u00a0US$',
    );
    expect(refusalText('CATEGORY_IN_USE', { count: 1 })).toBe(
      'Esta categoría todavía tiene 1 tarea activa. Muévela o retírala antes de eliminar la categoría.',
    );
    expect(refusalText('CATEGORY_IN_USE', { count: 4 })).toBe(
      'Esta categoría todavía tiene 4 tareas activas. Muévelas o retíralas antes de eliminar la categoría.',
    );
    expect(refusalText('NOT_AVAILABLE_UNTIL', { date: '2025-03-05' })).toBe(
      'Esta tarea no vuelve a estar disponible hasta el 5 de marzo de 2025',
    );
    // Whatever the English words: the code decides.
    expect(serverErrorText({ ...cannotAfford, message: 'Reworded', error: 'Reworded' })).toBe(
      'Ice cream cuesta 2,50\u00a0US$, pero el frasco de gastar de Mia solo tiene 1,50\u00a0US$',
    );
  });

  it('falls back to the words for an unknown code or a missing value', async () => {
    await i18n.changeLanguage('de');
    expect(refusalText('NO_SUCH_CODE', {})).toBeNull();
    expect(refusalText('CANNOT_AFFORD', { item: 'Ice cream', price: 2.5, name: 'Mia' })).toBeNull();
    expect(serverErrorText({ ...cannotAfford, params: undefined })).toBe(cannotAfford.message);
  });
});

describe('serverErrorText', () => {
  it('goes by a stable code before the words', async () => {
    await i18n.changeLanguage('de');
    const body = { error: 'Account gone', message: 'Account gone', code: 'ACCOUNT_DEACTIVATED' as const };
    expect(serverErrorText(body)).toBe('Dieses Konto wurde deaktiviert');
    expect(serverErrorText({ error: 'FAMILY_SUSPENDED' })).toBe('Dieses Familienkonto wurde gesperrt');
  });

  it('says what a tablet session cannot do by its code, in the interface language', async () => {
    const notOnTablet = 'This can be done on your own device, not on the family tablet';
    const refused = new ApiError(403, { error: notOnTablet, message: notOnTablet, code: 'NOT_ON_TABLET' });
    expect(getErrorMessage(refused, 'Failed')).toBe(notOnTablet);
    await i18n.changeLanguage('es');
    expect(getErrorMessage(refused, 'Falló')).toBe('Esto se hace en tu propio dispositivo, no en la tableta familiar');
    await i18n.changeLanguage('de');
    expect(serverErrorText({ error: 'Forbidden', code: 'NOT_ON_TABLET' })).toBe(
      'Das geht auf deinem eigenen Gerät, nicht auf dem Familien-Tablet',
    );
  });

  it('words a refusal by its code in English too, and says nothing for an empty body', () => {
    expect(serverErrorText({ error: 'Account gone', message: 'Account gone', code: 'ACCOUNT_DEACTIVATED' })).toBe(
      'This account has been deactivated',
    );
    // The code decides, whatever the words.
    expect(serverErrorText({ error: 'Session over', message: 'Session over', code: 'UNAUTHENTICATED' })).toBe(
      'Invalid or expired token',
    );
    // An answer with no code of the catalogue (a proxy's) shows its words.
    expect(serverErrorText({ error: 'Bad gateway' })).toBe('Bad gateway');
    expect(serverErrorText({})).toBeNull();
  });
});

describe('failed calls in Spanish', () => {
  it('show the server’s refusal translated by its code, else the fallback given', async () => {
    await i18n.changeLanguage('es');
    const refused = new ApiError(401, {
      error: 'Invalid email or password',
      message: 'Invalid email or password',
      code: 'INVALID_LOGIN',
    });
    expect(getErrorMessage(refused, 'No se pudo iniciar sesión')).toBe('Correo electrónico o contraseña incorrectos');
    expect(getErrorMessage(new ApiError(500, null), 'No se pudo iniciar sesión')).toBe('No se pudo iniciar sesión');
    const details = new ApiError(400, {
      error: 'Invalid input',
      details: [{ field: 'lastName', message: 'Last name is required', code: 'REQUIRED', params: { label: 'lastName' } }],
    });
    expect(getErrorMessage(details, 'x', { preferDetails: true })).toBe('Apellidos: obligatorio');
  });

  it('place translated texts beside their fields', async () => {
    await i18n.changeLanguage('es');
    const error = new ApiError(400, {
      error: 'Invalid input',
      details: [
        { field: 'email', message: 'Please enter a valid email address', code: 'EMAIL_INVALID' },
        { field: 'nickname', message: 'Something only the server says' },
      ],
    });
    expect(serverFieldErrors(error, { email: 'email' })).toEqual({
      fields: { email: 'Introduce un correo electrónico válido' },
      rest: ['Something only the server says'],
    });
  });
});
