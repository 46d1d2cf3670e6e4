import { useTranslation } from 'react-i18next';

import { quickSubmission } from '../utils/quick-submission';
import { useCreateSubmission } from '@/api/create-submission';
import { Alert, Button } from '@/components/ui';
import { useAction } from '@/hooks/use-action';
import { choreEmoji } from '@/lib/emoji';
import { useOwnRewardUnit } from '@/stores/session-store';
import type { Chore, TodayChore } from '@/types/api';
import { cn } from '@/utils/cn';
import { formatReward, formatTime } from '@/utils/format';

export interface KidsChoreCardProps {
  item: TodayChore;
  /** The family's time zone, which the due time is told in. */
  timeZone: string;
  /** Called once the server has taken the chore. */
  onSent: (chore: Chore) => void;
  /** A photo chore's "I did it!": the photo is asked for first. */
  onPhoto: (chore: Chore) => void;
}

/**
 * A chore a KIDS child can do now, as a big card: its picture, its name,
 * what it earns and when it is due today, and one "I did it!" that sends it
 * as done now (a photo chore asks for the photo first). No date or time is
 * asked. A refusal shows on the card, which stays.
 */
export function KidsChoreCard({ item, timeZone, onSent, onPhoto }: KidsChoreCardProps) {
  const { chore } = item;
  const { t } = useTranslation('dashboard');
  const unit = useOwnRewardUnit();
  const { mutateAsync: send } = useCreateSubmission();
  const { busy, error, run } = useAction(t('quickSubmit.failed'));

  const tap = () => {
    if (chore.requiresPhoto) {
      onPhoto(chore);
      return;
    }
    void run(async () => {
      await send({ form: quickSubmission(chore.id) });
      onSent(chore);
    });
  };

  return (
    <li className={cn('kid-chore', item.status === 'LATE' && 'kid-chore--late')} aria-label={chore.name}>
      <div className="kid-chore__top">
        <span className="kid-chore__picture" aria-hidden="true">
          {choreEmoji(chore.name, chore.category?.name)}
        </span>
        <div className="kid-chore__head">
          <h3 className="kid-chore__name">{chore.name}</h3>
          {chore.baseReward > 0 && (
            <p className="kid-chore__reward">{t('doNow.youGet', { reward: formatReward(chore.baseReward, unit) })}</p>
          )}
        </div>
      </div>
      {(item.status === 'LATE' || item.status === 'DUE_SOON' || item.dueAt) && (
        <p className="kid-chore__due">
          {item.status === 'LATE' && <span className="badge badge--danger">{t('doNow.late')}</span>}
          {item.status === 'DUE_SOON' && <span className="badge badge--warning">{t('doNow.dueSoon')}</span>}
          {item.dueAt && <span>{t('doNow.dueBy', { context: 'kids', time: formatTime(item.dueAt, timeZone) })}</span>}
        </p>
      )}
      {chore.requiresPhoto && <p className="kid-chore__photo">{t('doNow.photoNeeded', { context: 'kids' })}</p>}
      {error && <Alert>{error}</Alert>}
      <Button
        className="kid-chore__button"
        block
        isLoading={busy}
        aria-label={t('doNow.doItLabel', { context: 'kids', name: chore.name })}
        onClick={tap}
      >
        {t('doNow.doIt', { context: 'kids' })}
      </Button>
    </li>
  );
}
