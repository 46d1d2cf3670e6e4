import type { CategoryRef, Chore, ChoreAvailability, Submission } from '@/types/api';
import { i18n } from './i18n';
import type { ThemeContext } from '@/stores/theme-store';
import { formatDateTime, formatRelativeDay, type FamilyDay } from '@/utils/format';

export interface CategoryGroup<T> {
  /** The category's name, or Uncategorized. */
  name: string;
  chores: T[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** Chores under their category, categories and the chores in each by name. */
export function groupByCategory<T extends { name: string; category: CategoryRef | null }>(
  chores: readonly T[],
): CategoryGroup<T>[] {
  const groups = new Map<string, CategoryGroup<T>>();
  for (const chore of chores) {
    const key = chore.category?.id ?? '';
    const group = groups.get(key) ?? { name: chore.category?.name || i18n.t('common:chores.uncategorized'), chores: [] };
    group.chores.push(chore);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({ ...group, chores: group.chores.sort(byName) })).sort(byName);
}

export function availabilityByChore(list: readonly ChoreAvailability[]): Map<string, ChoreAvailability> {
  return new Map(list.map((item) => [item.choreId, item]));
}

/** "in 3 days", "in 1 day", or "later today" when it opens again today. */
export function daysRemainingText(days: number): string {
  if (days <= 0) return i18n.t('common:chores.laterToday');
  return i18n.t('common:chores.inDays', { count: days });
}

/**
 * How a child is told when a chore comes back: TEEN and ADULT by date, time
 * and days left (the spec's words); a KIDS child (context 'kids') in the
 * days they count ("tomorrow", "on Friday") on the family's calendar.
 */
export interface AvailabilityWords {
  /** The theme's i18next context: 'kids' for a KIDS child. */
  context?: ThemeContext;
  /** The family's date and time zone, which "tomorrow" follows. */
  family?: FamilyDay;
  /** The clock, read when the family's date is not known. */
  now?: Date;
}

/** "in 2 days" (the server's count), or for a KIDS child "tomorrow", "on Friday"… on the family's calendar. */
function whenText(availability: ChoreAvailability, nextAvailableAt: string, words: AvailabilityWords): string {
  return words.context === 'kids'
    ? formatRelativeDay(nextAvailableAt, words.family, words.now)
    : daysRemainingText(availability.daysRemaining);
}

/** What a child is told about a chore they cannot submit yet: "Available again on …" / KIDS "You can do it again tomorrow." */
export function nextAvailableText(availability: ChoreAvailability, words: AvailabilityWords = {}): string {
  const { context } = words;
  if (!availability.nextAvailableAt) return i18n.t('common:chores.notAvailableYet', { context });
  return i18n.t('common:chores.availableAgain', {
    context,
    date: formatDateTime(availability.nextAvailableAt),
    when: whenText(availability, availability.nextAvailableAt, words),
  });
}

/** Whether a child may submit the chore now; a chore availability does not name counts as open. */
export function isLocked(availability: ChoreAvailability | undefined): availability is ChoreAvailability {
  return availability !== undefined && !availability.isAvailable;
}

/** How a locked chore is marked where space is short (a chore picker's option): "locked until …" / KIDS "ready again tomorrow". */
export function lockedText(availability: ChoreAvailability, words: AvailabilityWords = {}): string {
  const { context } = words;
  if (!availability.nextAvailableAt) return i18n.t('common:chores.lockedForNow', { context });
  return i18n.t('common:chores.lockedUntil', {
    context,
    date: formatDateTime(availability.nextAvailableAt),
    when: whenText(availability, availability.nextAvailableAt, words),
  });
}

/**
 * What the home is given in the router's state by a chore sent elsewhere
 * (the Submit Chore form of a KIDS child), to say it was sent as "Do it" does.
 */
export interface SentChoreState {
  sentChore: string;
}

/** The name of the chore just sent, from the router's state (null when there is none). */
export function sentChoreOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('sentChore' in state)) return null;
  const { sentChore } = state;
  return typeof sentChore === 'string' && sentChore ? sentChore : null;
}

/** The chore a submission is for (the API may leave it out, e.g. for a chore it no longer finds). */
export function choreOf(submission: Submission): Pick<Chore, 'name' | 'category'> {
  return submission.chore ?? { name: i18n.t('common:chores.unknown'), category: { id: '', name: '' } };
}
