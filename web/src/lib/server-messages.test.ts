import { afterEach, describe, expect, it } from 'vitest';

import { ApiError, getErrorMessage } from './api-client';
import { serverFieldErrors } from './field-errors';
import { i18n } from './i18n';
import { knownMessage, refusalText, serverErrorText, translateServerText } from './server-messages';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** Texts the services send, as they send them (see the services' error types and validations). */
const SERVER_TEXTS = [
  'Password must be at least 6 characters',
  'Password must be at most 128 characters',
  'Current password is required',
  'Current password is incorrect',
  'Please provide a reason for the balance adjustment',
  'Ratings must be whole numbers from 1 to 10',
  'Photo must be 10 MB or smaller',
  'You cannot deactivate your own account',
  'First name must be at most 100 characters',
  'Poor behaviour multiplier must be between 0.1 and 5.0',
  'Noa has already joined',
  "Noa's invitation has expired. Delete and add them again for a new link.",
  'Unknown time zone: Mars/Olympus',
  'The rewards service is unavailable. Please try again.',
  'Each assigned child must be a child of this family',
  'Choose at least two children to take turns',
  'Due days must be weekdays from 1 (Monday) to 7 (Sunday)',
  'Due time must be a time of day as HH:MM, from 00:00 to 23:59',
  'Choose the days a chore with a due time is due on',
  'This chore is not due on March 5, 2025',
  'Missed penalty cannot be negative',
  'Missed penalty must be at most 10000.00',
  'Missed penalty must be an amount in dollars and cents',
  'Choose the days a chore with a missed penalty is due on',
  'Start date is required',
  'End date is required',
  'Date must be a date as YYYY-MM-DD',
  'A pause cannot start in the past',
  'A pause can start at most a year ahead',
  'End date cannot be before the start date',
  'A pause can last at most 366 days',
  'Reason must be at most 200 characters',
  'Reason must be at most 500 characters',
  'Code is required',
  'That code is not right',
  'Two-factor sign-in is required for platform administrators',
  'Set up two-factor sign-in before using the console',
  'PIN is required',
  'PIN must be exactly 4 digits',
  'Tablet name is required',
  'That PIN is not right',
  'Choose a different jar to put into',
  'Choose children of your family',
  'Choose the jar to put into',
  'Choose the jar to take from',
  'Price is required',
  'Price must be at most $10,000.00',
  'Price must be greater than 0',
  'The percentages must add up to 100',
  'Status is required',
  'Status must be APPROVED or REJECTED',
  'Choose at least one event',
  'This address could not be found',
  'This address points to a private network and cannot be used',
  'URL is not valid',
  'URL is required',
  'URL must not contain a user name or password',
  'URL must start with http:// or https://',
  'Digest time must be a time of day such as 18:00',
  'Weekly summary day must be 1 (Monday) to 7 (Sunday)',
  'Unknown notification kind',
  'This kind of notification is not sent by email',
  'Limit must be between 1 and 100',
  'At most 100 notifications can be marked at once',
  'Turns can be swapped up to a year ahead',
  'Stock must be a whole number from 0 to 100000',
  'Tablet name must be at most 60 characters',
  'A statement covers at most 366 days',
  'Emoji must be at most 16 characters',
];

describe('the table of server texts', () => {
  it.each(SERVER_TEXTS)('knows %j, and its English text is the server’s own', (text) => {
    const known = knownMessage(text);
    expect(known).not.toBeNull();
    if (known) expect(i18n.t(known.key, known.values)).toBe(text);
  });

  it('knows no text it was not given', () => {
    expect(knownMessage('The moon is made of cheese')).toBeNull();
    // A label the table does not know keeps the whole text unknown.
    expect(knownMessage('Nickname must be at most 100 characters')).toBeNull();
  });
});

describe('translateServerText', () => {
  it('shows the server’s words as they are in English', () => {
    expect(translateServerText('Current password is incorrect')).toBe('Current password is incorrect');
  });

  it('translates known texts into Spanish and German', async () => {
    await i18n.changeLanguage('es');
    expect(translateServerText('Passwords do not match')).toBe('Las contraseñas no coinciden');
    expect(translateServerText('Current password is incorrect')).toBe('La contraseña actual no es correcta');
    await i18n.changeLanguage('de');
    expect(translateServerText('Current password is incorrect')).toBe('Das aktuelle Passwort ist falsch');
    expect(translateServerText('Passwords do not match')).toBe('Die Passwörter stimmen nicht überein');
  });

  it('keeps the values a text names, written the language’s way', async () => {
    await i18n.changeLanguage('de');
    expect(translateServerText('First name must be at most 100 characters')).toBe('Vorname: höchstens 100 Zeichen');
    expect(translateServerText('Noa has already joined')).toBe('Noa ist bereits dabei');
  });

  it('shows an unknown text as sent', async () => {
    await i18n.changeLanguage('es');
    expect(translateServerText('ageGroup must be one of CHILD, TWEEN, TEEN or YOUNG_ADULT')).toBe(
      'ageGroup must be one of CHILD, TWEEN, TEEN or YOUNG_ADULT',
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
    // A code of the gateway's own has no text of its own: the words stand.
    expect(serverErrorText({ error: 'Session over', message: 'Session over', code: 'UNAUTHENTICATED' })).toBe(
      'Session over',
    );
    expect(serverErrorText({})).toBeNull();
  });
});

describe('failed calls in Spanish', () => {
  it('show the server’s known text translated, else the fallback given', async () => {
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
      details: [{ field: 'notes', message: 'Please provide a reason for the balance adjustment' }],
    });
    expect(getErrorMessage(details, 'x', { preferDetails: true })).toBe('Indica el motivo del ajuste de saldo');
  });

  it('place translated texts beside their fields', async () => {
    await i18n.changeLanguage('es');
    const error = new ApiError(400, {
      error: 'Invalid input',
      details: [
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'nickname', message: 'Something only the server says' },
      ],
    });
    expect(serverFieldErrors(error, { email: 'email' })).toEqual({
      fields: { email: 'Introduce un correo electrónico válido' },
      rest: ['Something only the server says'],
    });
  });
});
