import { useTranslation } from 'react-i18next';

import { JAR_NAMES, type JarName } from '@/api/jars';
import type { RewardDisplayType } from '@/types/api';
import { formatReward } from '@/utils/format';

export interface JarAmounts {
  spend: number;
  save: number;
  give: number;
}

const KEY: Record<JarName, keyof JarAmounts> = { SPEND: 'spend', SAVE: 'save', GIVE: 'give' };

/** What a child's spend, save and give jars hold, side by side. */
export function JarsSummary({
  jars,
  unit,
  label,
}: {
  jars: JarAmounts;
  unit: RewardDisplayType | null | undefined;
  /** Names the list for screen readers ("Mia's jars"). */
  label: string;
}) {
  const { t } = useTranslation('common');
  return (
    <dl className="jars" aria-label={label}>
      {JAR_NAMES.map((jar) => (
        <div key={jar} className={`jars__jar jars__jar--${KEY[jar]}`}>
          <dt className="jars__label">{t(`jars.${jar}`)}</dt>
          <dd className="jars__value">{formatReward(jars[KEY[jar]], unit)}</dd>
        </div>
      ))}
    </dl>
  );
}
