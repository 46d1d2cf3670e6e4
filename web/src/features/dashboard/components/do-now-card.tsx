import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { doNowList, type LockedChore } from '../utils/do-now';
import { QuickSubmitDialog } from './quick-submit-dialog';
import { useAvailability } from '@/api/get-availability';
import { useChores } from '@/api/get-chores';
import { Button, Card, EmptyState, Spinner } from '@/components/ui';
import { LockIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { availabilityByChore, nextAvailableText } from '@/lib/chores';
import { choreEmoji } from '@/lib/emoji';
import { useOwnRewardUnit } from '@/stores/session-store';
import { useUiTheme } from '@/stores/theme-store';
import type { Chore } from '@/types/api';
import { i18n } from '@/lib/i18n';
import { formatReward } from '@/utils/format';

/** What the child is told once a chore is sent: simply for KIDS, plainly otherwise. */
export function sentText(choreName: string, kids: boolean): string {
  return i18n.t(kids ? 'dashboard:doNow.sentKids' : 'dashboard:doNow.sent', { name: choreName });
}

/**
 * The chores a child can do now, each with "Do it", and below them those that
 * are locked, with when they come back. Leads the child's home: it is what
 * the home is for.
 */
export function DoNowCard() {
  const chores = useChores();
  const availability = useAvailability();
  const kids = useUiTheme() === 'KIDS';
  const { t } = useTranslation('dashboard');
  const [choosing, setChoosing] = useState<Chore | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);

  // The chore's button may be gone once it is sent (locked until its next day): say so where focus lands.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  // The lists wait for the availability too (unless it failed): before it, a locked chore would look doable.
  const ready = chores.data !== undefined && !availability.isPending;

  return (
    <Card title={t('doNow.title')} aria-label={t('doNow.title')} className="do-now">
      {sent && (
        <div ref={sentRef} className="alert alert--success" role="status" tabIndex={-1}>
          {sent}
        </div>
      )}
      {ready ? (
        <DoNowLists
          chores={chores.data}
          list={doNowList(chores.data, availabilityByChore(availability.data ?? []))}
          kids={kids}
          onDo={(chore) => {
            setSent(null);
            setChoosing(chore);
          }}
        />
      ) : (
        // A failed load shows nothing (it is logged), as on every list.
        (chores.isPending || availability.isPending) && <Spinner label={t('doNow.loading')} />
      )}
      {choosing && (
        <QuickSubmitDialog
          chore={choosing}
          onClose={() => setChoosing(null)}
          onSent={(chore) => {
            setChoosing(null);
            setSent(sentText(chore.name, kids));
          }}
        />
      )}
    </Card>
  );
}

interface DoNowListsProps {
  chores: readonly Chore[];
  list: ReturnType<typeof doNowList>;
  kids: boolean;
  onDo: (chore: Chore) => void;
}

function DoNowLists({ chores, list, kids, onDo }: DoNowListsProps) {
  const { t } = useTranslation('dashboard');
  if (chores.length === 0) return <EmptyState>{t('doNow.noChores')}</EmptyState>;
  return (
    <>
      {list.doable.length === 0 ? (
        <EmptyState>{kids ? t('doNow.nothingNowKids') : t('doNow.nothingNow')}</EmptyState>
      ) : (
        <ul className="list" aria-label={t('doNow.doableLabel')}>
          {list.doable.map((chore) => (
            <DoableRow key={chore.id} chore={chore} onDo={onDo} />
          ))}
        </ul>
      )}
      {list.locked.length > 0 && (
        <>
          <h3 className="do-now__subtitle">{t('doNow.lockedTitle')}</h3>
          <ul className="list" aria-label={t('doNow.lockedLabel')}>
            {list.locked.map((item) => (
              <LockedRow key={item.chore.id} item={item} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function DoableRow({ chore, onDo }: { chore: Chore; onDo: (chore: Chore) => void }) {
  const { t } = useTranslation('dashboard');
  const unit = useOwnRewardUnit();
  const about = [formatReward(chore.baseReward, unit), chore.requiresPhoto ? t('doNow.photoNeeded') : null].filter(Boolean);
  const label = t('doNow.doItLabel', { name: chore.name });
  return (
    <li className="list__row do-now__row" aria-label={chore.name}>
      <div className="do-now__main">
        <p className="list__primary" data-emoji={choreEmoji(chore.name, chore.category?.name)}>
          {chore.name}
        </p>
        <p className="list__secondary">{about.join(' · ')}</p>
      </div>
      {/* A photo is chosen in the Submit Chore form; the others are sent from here. */}
      {chore.requiresPhoto ? (
        <Link className="btn btn--primary btn--sm" to={paths.app.submit.getHref(chore.id)} aria-label={label}>
          {t('doNow.doIt')}
        </Link>
      ) : (
        <Button size="sm" aria-label={label} onClick={() => onDo(chore)}>
          {t('doNow.doIt')}
        </Button>
      )}
    </li>
  );
}

function LockedRow({ item }: { item: LockedChore }) {
  const { chore, availability } = item;
  const { t } = useTranslation('dashboard');
  return (
    <li className="list__row do-now__row do-now__row--locked" aria-label={chore.name}>
      <div className="do-now__main">
        <p className="list__primary" data-emoji={choreEmoji(chore.name, chore.category?.name)}>
          {chore.name}
        </p>
        <p className="list__secondary">{nextAvailableText(availability)}</p>
      </div>
      <span className="badge do-now__locked">
        <LockIcon />
        {t('doNow.locked')}
      </span>
    </li>
  );
}
