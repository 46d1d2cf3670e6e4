import type { CalendarFeed } from '../types';
import { i18n } from '@/lib/i18n';
import type { Child, Member } from '@/types/api';
import { fullName } from '@/utils/format';

/** What names the family's members and children, as far as loaded. */
export interface FamilyNames {
  /** The signed-in user's id: their own feeds are "Yours". */
  selfId: string;
  members?: readonly Member[];
  children?: readonly Child[];
}

/**
 * Whose a feed of the family's list is: "Yours", else the child's name (as
 * the family calls them) for a child's feed, else the member's name (or
 * email); a member no longer listed is "A family member".
 */
export function feedOwner(feed: Pick<CalendarFeed, 'userId' | 'childId'>, names: FamilyNames): string {
  if (feed.userId === names.selfId) return i18n.t('profile:calendar.owner.self');
  const child = feed.childId ? names.children?.find((candidate) => candidate.id === feed.childId) : undefined;
  if (child) return child.name;
  const member = names.members?.find((candidate) => candidate.id === feed.userId);
  if (member) return fullName(member) || member.email;
  return i18n.t('profile:calendar.owner.unknown');
}
