import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui';
import { groupByCategory, isLocked, lockedText, type AvailabilityWords } from '@/lib/chores';
import { useOwnRewardUnit } from '@/stores/session-store';
import type { Chore, ChoreAvailability } from '@/types/api';
import { formatReward } from '@/utils/format';

export interface ChorePickerProps {
  chores: readonly Chore[];
  /** Availability by chore id; chores not in it count as available. */
  availability: ReadonlyMap<string, ChoreAvailability>;
  /** How a locked chore's return is told (a KIDS child: "ready again tomorrow"). */
  words?: AvailabilityWords;
  name: string;
  value: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
}

/**
 * A select of the chores, under their category (optgroups). A locked chore
 * cannot be picked, and its option says so in words, with when it comes back
 * (a greyed-out option alone is easy to miss).
 */
export function ChorePicker({ chores, availability, words, ...props }: ChorePickerProps) {
  const unit = useOwnRewardUnit();
  const { t } = useTranslation('submissions');
  const groups = groupByCategory(chores).map((group) => ({
    label: group.name,
    options: group.chores.map((chore) => {
      const waiting = availability.get(chore.id);
      const values = { name: chore.name, reward: formatReward(chore.baseReward, unit) };
      return isLocked(waiting)
        ? { value: chore.id, label: t('optionLocked', { ...values, locked: lockedText(waiting, words) }), disabled: true }
        : { value: chore.id, label: t('option', values) };
    }),
  }));
  return <SelectField label={t('chore')} placeholder={t('choosePlaceholder')} groups={groups} {...props} />;
}
