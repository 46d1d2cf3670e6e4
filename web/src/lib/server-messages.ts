import { i18n } from './i18n';
import type { ApiErrorBody } from '@/types/api';
import { ERROR_PARAMS, type ErrorParamKind, type FieldLabel, type RefusalCode } from '@/types/error-codes';
import { formatCalendarDate, formatMoney } from '@/utils/format';

/**
 * A refusal of the catalogue (proto/errors/) in the interface language,
 * from its code and the values its text names, each shown the language's way;
 * null for a code the catalogue does not have, or a value missing.
 */
export function refusalText(code: string, params: ApiErrorBody['params']): string | null {
  if (!Object.hasOwn(ERROR_PARAMS, code)) return null;
  const kinds: Readonly<Record<string, ErrorParamKind>> = ERROR_PARAMS[code as RefusalCode];
  const values: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const value = params?.[name];
    if (value === undefined) return null;
    values[name] = shown(kind, value);
  }
  return i18n.t(`codes:${code as RefusalCode}`, values);
}

/** A refusal's value as the interface shows it. */
function shown(kind: ErrorParamKind, value: string | number): string | number {
  switch (kind) {
    case 'money':
      return formatMoney(Number(value));
    case 'date':
      return formatCalendarDate(String(value), String(value));
    case 'jar':
      return i18n.t(`common:jars.${String(value) as 'SPEND' | 'SAVE' | 'GIVE'}`);
    case 'label':
      return i18n.t(`codes:labels.${String(value) as FieldLabel}`);
    case 'count':
    case 'text':
      return value;
  }
}

/**
 * What a failure's body says, in the interface language: by its code when
 * it is a refusal of the catalogue (`code` with its `params`, or an `error`
 * that is a code rather than words), else its words as sent (`message`, then
 * `error`: an answer from something other than Chorely's API); null when it
 * says nothing.
 */
export function serverErrorText(body: ApiErrorBody): string | null {
  const refusal =
    (body.code ? refusalText(body.code, body.params) : null) ??
    (body.error ? refusalText(body.error.trim(), undefined) : null);
  if (refusal !== null) return refusal;
  return body.message?.trim() || body.error?.trim() || null;
}

/** A refused field's text, in the interface language: by its code, else its words as sent. */
export function fieldErrorText(detail: NonNullable<ApiErrorBody['details']>[number]): string | null {
  return (detail.code ? refusalText(detail.code, detail.params) : null) ?? (detail.message?.trim() || null);
}
