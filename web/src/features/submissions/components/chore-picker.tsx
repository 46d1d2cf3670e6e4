import { SelectField } from '@/components/ui';
import { groupByCategory } from '@/lib/chores';
import { useOwnRewardUnit } from '@/stores/session-store';
import type { Chore } from '@/types/api';
import { formatReward } from '@/utils/format';

export interface ChorePickerProps {
  chores: readonly Chore[];
  name: string;
  value: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
}

/** A select of the chores, under their category (optgroups). */
export function ChorePicker({ chores, ...props }: ChorePickerProps) {
  const unit = useOwnRewardUnit();
  const groups = groupByCategory(chores).map((group) => ({
    label: group.name,
    options: group.chores.map((chore) => ({
      value: chore.id,
      label: `${chore.name} (${formatReward(chore.baseReward, unit)})`,
    })),
  }));
  return <SelectField label="Chore" placeholder="Choose a chore" groups={groups} {...props} />;
}
