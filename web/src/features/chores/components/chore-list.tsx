import type { ReactNode } from 'react';

import { ChoreRow } from './chore-row';
import { Card } from '@/components/ui';
import { groupByCategory } from '@/lib/chores';
import { categoryEmoji } from '@/lib/emoji';
import type { Chore } from '@/types/api';

export interface ChoreListProps {
  chores: readonly Chore[];
  /** What ends each chore's row (buttons, availability). */
  renderAside?: (chore: Chore) => ReactNode;
  /** What shows under each chore's badges (who does it). */
  renderDetails?: (chore: Chore) => ReactNode;
}

/** The chores under a card per category, with the category's name as heading. */
export function ChoreList({ chores, renderAside, renderDetails }: ChoreListProps) {
  return groupByCategory(chores).map((group) => (
    <Card
      key={group.name}
      title={<span data-emoji={categoryEmoji(group.name)}>{group.name}</span>}
      aria-label={group.name}
    >
      <ul className="list">
        {group.chores.map((chore) => (
          <ChoreRow key={chore.id} chore={chore} details={renderDetails?.(chore)}>
            {renderAside?.(chore)}
          </ChoreRow>
        ))}
      </ul>
    </Card>
  ));
}
