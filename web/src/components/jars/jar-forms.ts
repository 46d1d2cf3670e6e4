import type { JarName, Split, TransferInput } from '@/api/jars';
import { i18n } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';

export interface SplitValues {
  spend: string;
  save: string;
  give: string;
}

export function splitValues(split: Split | undefined): SplitValues {
  const { spend, save, give } = split ?? { spend: 100, save: 0, give: 0 };
  return { spend: String(spend), save: String(save), give: String(give) };
}

const percent = (raw: string): number | null => {
  const text = raw.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const value = Number(text);
  return value <= 100 ? value : null;
};

/** The percentages typed, summed (a field that is not a percentage counts 0). */
export function splitSum(values: SplitValues): number {
  return [values.spend, values.save, values.give].reduce((sum, raw) => sum + (percent(raw) ?? 0), 0);
}

/** Whole percentages from 0 to 100, together 100 (the error shows under the last one). */
export function validateSplit(values: SplitValues): FieldErrors<keyof SplitValues> {
  const errors: FieldErrors<keyof SplitValues> = {};
  for (const field of ['spend', 'save', 'give'] as const) {
    if (percent(values[field]) === null) errors[field] = i18n.t('common:jars.splitDialog.percentError');
  }
  if (!errors.give && !errors.save && !errors.spend && splitSum(values) !== 100) {
    errors.give = i18n.t('common:jars.splitDialog.sumError');
  }
  return errors;
}

export function toSplit(values: SplitValues): Split {
  return { spend: Number(values.spend), save: Number(values.save), give: Number(values.give) };
}

export interface TransferValues {
  from: string;
  to: string;
  amount: string;
  notes: string;
}

export const EMPTY_TRANSFER: TransferValues = { from: 'SPEND', to: 'SAVE', amount: '', notes: '' };

export function validateTransfer(values: TransferValues): FieldErrors<keyof TransferValues> {
  const errors: FieldErrors<keyof TransferValues> = {};
  if (values.from === values.to) errors.to = i18n.t('common:jars.transferDialog.sameJar');
  const amount = Number(values.amount);
  if (!values.amount.trim() || !Number.isFinite(amount) || amount <= 0) {
    errors.amount = i18n.t('validation:amountPositive');
  }
  return errors;
}

export function toTransfer(values: TransferValues): TransferInput {
  return {
    from: values.from as JarName,
    to: values.to as JarName,
    amount: Number(values.amount),
    notes: values.notes.trim() || null,
  };
}
