import type { ChoreBreakdown, Statement, StatementLine } from '../api/statement';

/** A calendar date as the API writes it: YYYY-MM-DD. */
export type IsoDate = string;

function toIso(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

function fromIso(day: IsoDate): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || toIso(date) !== day ? null : date;
}

/** The Monday of the week `day` is in (a payslip's week runs Monday to Sunday). */
export function mondayOf(day: IsoDate): IsoDate | null {
  const date = fromIso(day);
  if (!date) return null;
  const back = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - back);
  return toIso(date);
}

export function addDays(day: IsoDate, days: number): IsoDate {
  const date = fromIso(day) ?? new Date(0);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** The week shown: the one asked for (any day of it), else the one of `today`. */
export function weekOf(asked: string | null, today: IsoDate): { from: IsoDate; to: IsoDate } {
  const from = (asked && mondayOf(asked)) || mondayOf(today) || today;
  return { from, to: addDays(from, 6) };
}

/** The kinds the payslip names; any other (a kind added later) is shown as "other". */
export const KNOWN_KINDS = [
  'CHORE',
  'ADJUSTMENT',
  'PAYOUT',
  'BIRTHDAY',
  'MISSED',
  'EXCUSED',
  'TRANSFER',
  'REDEMPTION',
  'ALLOWANCE',
  'INTEREST',
] as const;
export type KnownKind = (typeof KNOWN_KINDS)[number];

export function kindOf(kind: string): KnownKind | 'OTHER' {
  return (KNOWN_KINDS as readonly string[]).includes(kind) ? (kind as KnownKind) : 'OTHER';
}

export const KIND_EMOJI: Record<KnownKind | 'OTHER', string> = {
  CHORE: '🧹',
  ADJUSTMENT: '✏️',
  PAYOUT: '💵',
  BIRTHDAY: '🎂',
  MISSED: '⏰',
  EXCUSED: '👍',
  TRANSFER: '🔄',
  REDEMPTION: '🎁',
  ALLOWANCE: '📅',
  INTEREST: '🌱',
  OTHER: '🪙',
};

/** One movement of money: the lines of one source (an approval split into jars, a transfer), together. */
export interface PayslipEntry {
  key: string;
  kind: string;
  occurredAt: string | null;
  /** What the movement added or took, all jars together (0 for a transfer). */
  amount: number;
  /** Each jar's part, in the order of the lines. */
  parts: Array<{ jar: StatementLine['jar']; amount: number }>;
  notes: string;
  breakdown: ChoreBreakdown | null;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The statement's lines gathered by movement, in the order they happened. */
export function entriesOf(statement: Statement): PayslipEntry[] {
  const entries: PayslipEntry[] = [];
  const byKey = new Map<string, PayslipEntry>();
  for (const line of statement.lines) {
    const key = `${line.kind}:${line.sourceId || line.id}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = {
        key,
        kind: line.kind,
        occurredAt: line.occurredAt ?? null,
        amount: 0,
        parts: [],
        notes: line.notes,
        breakdown: line.breakdown ?? null,
      };
      byKey.set(key, entry);
      entries.push(entry);
    }
    entry.amount = (cents(entry.amount) + cents(line.amount)) / 100;
    entry.parts.push({ jar: line.jar, amount: line.amount });
    if (!entry.notes) entry.notes = line.notes;
  }
  return entries;
}
