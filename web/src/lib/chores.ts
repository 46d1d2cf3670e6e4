import type { CategoryRef, Chore, ChoreAvailability, Submission } from '@/types/api';
import { i18n } from './i18n';
import { formatDateTime } from '@/utils/format';

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

/** What a child is told about a chore they cannot submit yet. */
export function nextAvailableText(availability: ChoreAvailability): string {
  if (!availability.nextAvailableAt) return i18n.t('common:chores.notAvailableYet');
  return i18n.t('common:chores.availableAgain', {
    date: formatDateTime(availability.nextAvailableAt),
    when: daysRemainingText(availability.daysRemaining),
  });
}

/** Whether a child may submit the chore now; a chore availability does not name counts as open. */
export function isLocked(availability: ChoreAvailability | undefined): availability is ChoreAvailability {
  return availability !== undefined && !availability.isAvailable;
}

/** How a locked chore is marked where space is short (a chore picker's option): "locked until …". */
export function lockedText(availability: ChoreAvailability): string {
  if (!availability.nextAvailableAt) return i18n.t('common:chores.lockedForNow');
  return i18n.t('common:chores.lockedUntil', {
    date: formatDateTime(availability.nextAvailableAt),
    when: daysRemainingText(availability.daysRemaining),
  });
}

/** The chore a submission is for (the API may leave it out, e.g. for a chore it no longer finds). */
export function choreOf(submission: Submission): Pick<Chore, 'name' | 'category'> {
  return submission.chore ?? { name: i18n.t('common:chores.unknown'), category: { id: '', name: '' } };
}
