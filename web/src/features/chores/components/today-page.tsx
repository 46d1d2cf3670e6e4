import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SwapTurnDialog } from './chore-turns';
import { WeekView } from './week-view';
import { useChildren } from '@/api/get-children';
import { useMissed } from '@/api/get-missed';
import { useToday } from '@/api/get-today';
import { ExcuseMissedDialog } from '@/components/missed/excuse-missed-dialog';
import { Alert, Button, Card, EmptyState, PageHeader, Spinner, Tabs } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { choreEmoji } from '@/lib/emoji';
import { i18n } from '@/lib/i18n';
import type { ChildRef, ChildToday, MissedChore, TodayChore, TodayStatus } from '@/types/api';
import { cn } from '@/utils/cn';
import { formatCalendarDate, formatDate, formatTime } from '@/utils/format';

/** How each status looks: its badge's colour (the words are always there too). */
const TONE: Partial<Record<TodayStatus, string>> = {
  LATE: 'badge--danger',
  MISSED: 'badge--danger',
  DUE_SOON: 'badge--warning',
  DONE: 'badge--success',
};

/** A status in plain words, with whose turn it is or who took it. */
export function statusText(item: TodayChore): string {
  switch (item.status) {
    case 'NOT_YOUR_TURN':
      return item.turn
        ? i18n.t('chores:today.status.theirTurn', { name: item.turn.name })
        : i18n.t('chores:today.status.NOT_YOUR_TURN');
    case 'TAKEN':
      return item.takenBy
        ? i18n.t('chores:today.status.takenBy', { name: item.takenBy.name })
        : i18n.t('chores:today.status.TAKEN');
    default:
      return i18n.t(`chores:today.status.${item.status}`);
  }
}

type TodayTab = 'today' | 'week';

/**
 * /today (parents): two tabs. Today: each child's chores of today with where
 * each stands, in the family's time zone; "Swap turns" on the chore of the
 * child whose turn it is, and each child's misses not yet excused with
 * "Excuse". Week: who does what on each day of a week.
 */
export function TodayPage() {
  const { t } = useTranslation('chores');
  useDocumentTitle(pageTitle(t('today.title')));
  const [tab, setTab] = useState<TodayTab>('today');
  return (
    <>
      <PageHeader title={t('today.title')} description={tab === 'week' ? t('week.description') : <TodayDescription />} />
      <Tabs<TodayTab>
        label={t('week.tabsLabel')}
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'today', label: t('week.todayTab'), content: <TodayLists /> },
          { key: 'week', label: t('week.weekTab'), content: <WeekView /> },
        ]}
      />
    </>
  );
}

function TodayDescription() {
  const { t } = useTranslation('chores');
  const today = useToday();
  return today.data
    ? t('today.description', { date: formatCalendarDate(today.data.date), zone: today.data.timeZone })
    : t('today.descriptionLoading');
}

function TodayLists() {
  const { t } = useTranslation('chores');
  const today = useToday();
  const missed = useMissed();
  const children = useChildren();
  const [swapping, setSwapping] = useState<{ item: TodayChore; holder: ChildRef } | null>(null);
  const [excusing, setExcusing] = useState<MissedChore | null>(null);
  const rewardTypes = new Map((children.data ?? []).map((child) => [child.id, child.rewardDisplayType]));
  const list = today.data?.children ?? [];
  const familyChildren: ChildRef[] = list.map((child) => ({ id: child.childId, name: child.childName }));
  const misses = (missed.data ?? []).filter((miss) => !miss.excusedAt);

  return (
    <>
      {today.isPending ? (
        <Spinner label={t('today.loading')} />
      ) : today.isError ? (
        <Alert>{t('today.failed')}</Alert>
      ) : list.length === 0 ? (
        <EmptyState>{t('today.noChildren')}</EmptyState>
      ) : (
        list.map((child) => (
          <ChildCard
            key={child.childId}
            child={child}
            timeZone={today.data?.timeZone}
            misses={misses.filter((miss) => miss.child.id === child.childId)}
            onSwap={(item) => setSwapping({ item, holder: { id: child.childId, name: child.childName } })}
            onExcuse={setExcusing}
          />
        ))
      )}
      {swapping && (
        <SwapTurnDialog
          chore={swapping.item.chore}
          holder={swapping.holder}
          familyChildren={familyChildren}
          onClose={() => setSwapping(null)}
        />
      )}
      {excusing && (
        <ExcuseMissedDialog
          missed={excusing}
          rewardType={rewardTypes.get(excusing.child.id)}
          onClose={() => setExcusing(null)}
        />
      )}
    </>
  );
}

interface ChildCardProps {
  child: ChildToday;
  timeZone: string | undefined;
  misses: MissedChore[];
  onSwap: (item: TodayChore) => void;
  onExcuse: (miss: MissedChore) => void;
}

function ChildCard({ child, timeZone, misses, onSwap, onExcuse }: ChildCardProps) {
  const { t } = useTranslation('chores');
  return (
    <Card title={child.childName}>
      {child.pausedUntil && (
        <p className="badge badge--inline">{t('today.pausedUntil', { date: formatCalendarDate(child.pausedUntil) })}</p>
      )}
      {child.chores.length === 0 ? (
        <p className="muted">{t('today.nothingToday', { name: child.childName })}</p>
      ) : (
        <ul className="list" aria-label={t('today.choresOf', { name: child.childName })}>
          {child.chores.map((item) => (
            <TodayRow
              key={item.chore.id}
              childId={child.childId}
              item={item}
              timeZone={timeZone}
              onSwap={() => onSwap(item)}
            />
          ))}
        </ul>
      )}
      {misses.length > 0 && (
        <ul className="list" aria-label={t('today.missedOf', { name: child.childName })}>
          {misses.map((miss) => (
            <MissedRow key={miss.id} miss={miss} onExcuse={() => onExcuse(miss)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

interface TodayRowProps {
  childId: string;
  item: TodayChore;
  timeZone: string | undefined;
  onSwap: () => void;
}

function TodayRow({ childId, item, timeZone, onSwap }: TodayRowProps) {
  const { t } = useTranslation('chores');
  const { chore } = item;
  // Whose turn it is today (a paused child's passes on): theirs to swap until done.
  const holdsTurn = chore.assignmentMode === 'ROTATE' && item.turn?.id === childId && item.status !== 'DONE';
  const about = [
    item.dueAt ? t('today.dueBy', { time: formatTime(item.dueAt, timeZone) }) : null,
    item.status === 'COOLDOWN' && item.nextAvailableAt
      ? t('today.availableOn', { date: formatDate(item.nextAvailableAt) })
      : null,
    item.status === 'NOT_YOUR_TURN' && item.nextAvailableAt
      ? t('today.ownTurnOn', { date: formatDate(item.nextAvailableAt) })
      : null,
    item.submission?.late ? t('today.sentLate') : null,
  ].filter(Boolean);
  return (
    <li className="list__row today-row" aria-label={chore.name}>
      <div className="today-row__main">
        <p className="list__primary" data-emoji={choreEmoji(chore.name, chore.category?.name)}>
          {chore.name}
        </p>
        {about.length > 0 && <p className="list__secondary">{about.join(' · ')}</p>}
      </div>
      <div className="today-row__actions">
        <span className={cn('badge', TONE[item.status])}>{statusText(item)}</span>
        {holdsTurn && (
          <Button variant="secondary" size="sm" aria-label={t('turns.swapLabel', { name: chore.name })} onClick={onSwap}>
            {t('turns.swap')}
          </Button>
        )}
      </div>
    </li>
  );
}

function MissedRow({ miss, onExcuse }: { miss: MissedChore; onExcuse: () => void }) {
  const { t } = useTranslation('chores');
  const date = formatCalendarDate(miss.dueOn);
  return (
    <li className="list__row list__row--rejected today-row" aria-label={miss.choreName}>
      <div className="today-row__main">
        <p className="list__primary" data-emoji={choreEmoji(miss.choreName)}>
          {miss.choreName}
        </p>
        <p className="list__secondary">{t('today.missedOn', { date })}</p>
      </div>
      <div className="today-row__actions">
        <span className="badge badge--danger">{t('today.status.MISSED')}</span>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('today.excuseLabel', { chore: miss.choreName, name: miss.child.name, date })}
          onClick={onExcuse}
        >
          {t('today.excuse')}
        </Button>
      </div>
    </li>
  );
}
