import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { daysUntil, doNowList, everyChoreToDo, type DoNowList } from '../utils/do-now';
import { QuickSubmitDialog } from './quick-submit-dialog';
import { useChores } from '@/api/get-chores';
import { useToday } from '@/api/get-today';
import { Button, Card, EmptyState, Spinner } from '@/components/ui';
import { LockIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { nextAvailableText, sentChoreOf } from '@/lib/chores';
import { choreEmoji } from '@/lib/emoji';
import { useOwnRewardUnit } from '@/stores/session-store';
import { useThemeContext, type ThemeContext } from '@/stores/theme-store';
import type { Chore, TodayChore } from '@/types/api';
import { i18n } from '@/lib/i18n';
import { formatCalendarDate, formatDate, formatReward, formatTime } from '@/utils/format';

/** What the child is told once a chore is sent: simply for KIDS, plainly otherwise. */
export function sentText(choreName: string, kids: boolean): string {
  return i18n.t(kids ? 'dashboard:doNow.sentKids' : 'dashboard:doNow.sent', { name: choreName });
}

/**
 * Today's chores of the child (GET /chores/today): those they can do now,
 * each with "Do it" and its due time; below them those done or locked, with
 * when they come back; and those that are not theirs now (a sibling's turn,
 * taken by a sibling), which cannot be sent. Leads the child's home: it is
 * what the home is for. A chore sent from the Submit Chore form (a KIDS
 * child's photo chore) comes back here, said sent as "Do it" says it.
 */
export function DoNowCard() {
  const chores = useChores();
  const today = useToday();
  const themeContext = useThemeContext();
  const kids = themeContext === 'kids';
  const { t } = useTranslation('dashboard');
  const location = useLocation();
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState<Chore | null>(null);
  const [sent, setSent] = useState<string | null>(() => {
    const name = sentChoreOf(location.state);
    return name ? sentText(name, kids) : null;
  });
  const sentRef = useRef<HTMLDivElement>(null);

  // Said once: going back to this page later, or reloading it, does not say it again.
  const cameWithSent = sentChoreOf(location.state) !== null;
  useEffect(() => {
    if (cameWithSent) void navigate(location.pathname, { replace: true, state: null });
  }, [cameWithSent, navigate, location.pathname]);

  // The chore's button may be gone once it is sent (locked until its next day): say so where focus lands.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  // The lists wait for today's too (unless it failed): before it, a locked chore would look doable.
  const ready = chores.data !== undefined && !today.isPending;
  const own = today.data?.children[0];
  const context: TodayContext = {
    date: today.data?.date ?? '',
    timeZone: today.data?.timeZone ?? 'UTC',
    pausedUntil: own?.pausedUntil ?? null,
  };

  return (
    <Card title={t('doNow.title')} aria-label={t('doNow.title')} className="do-now">
      {sent && (
        <div ref={sentRef} className="alert alert--success" role="status" tabIndex={-1}>
          {sent}
        </div>
      )}
      {context.pausedUntil && (
        <p className="alert alert--info" role="status">
          {t('doNow.pausedUntil', { date: formatCalendarDate(context.pausedUntil) })}
        </p>
      )}
      {ready ? (
        <DoNowLists
          chores={chores.data}
          // Without today's list (it failed), every chore is offered: the server refuses one not the child's now.
          list={doNowList(today.data ? (own?.chores ?? []) : everyChoreToDo(chores.data))}
          context={context}
          themeContext={themeContext}
          onDo={(chore) => {
            setSent(null);
            setChoosing(chore);
          }}
        />
      ) : (
        // A failed load shows nothing (it is logged), as on every list.
        (chores.isPending || today.isPending) && <Spinner label={t('doNow.loading')} />
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

/** The family's day and time zone, which due times and "in 2 days" follow, and the child's pause. */
interface TodayContext {
  date: string;
  timeZone: string;
  /** The last day of the child's pause today is in; null when not paused. */
  pausedUntil: string | null;
}

interface DoNowListsProps {
  chores: readonly Chore[];
  list: DoNowList;
  context: TodayContext;
  /** 'kids' for a KIDS child: the words of their theme. */
  themeContext: ThemeContext;
  onDo: (chore: Chore) => void;
}

function DoNowLists({ chores, list, context, themeContext, onDo }: DoNowListsProps) {
  const { t } = useTranslation('dashboard');
  const kids = themeContext === 'kids';
  if (chores.length === 0) return <EmptyState>{t('doNow.noChores')}</EmptyState>;
  return (
    <>
      {list.doable.length === 0 ? (
        <EmptyState>{kids ? t('doNow.nothingNowKids') : t('doNow.nothingNow')}</EmptyState>
      ) : (
        <ul className="list" aria-label={t('doNow.doableLabel')}>
          {list.doable.map((item) => (
            <DoableRow key={item.chore.id} item={item} context={context} onDo={onDo} />
          ))}
        </ul>
      )}
      {list.locked.length > 0 && (
        <>
          <h3 className="do-now__subtitle">{t('doNow.lockedTitle', { context: themeContext })}</h3>
          <ul className="list" aria-label={t('doNow.lockedLabel', { context: themeContext })}>
            {list.locked.map((item) => (
              <LockedRow key={item.chore.id} item={item} context={context} themeContext={themeContext} />
            ))}
          </ul>
        </>
      )}
      {list.others.length > 0 && (
        <>
          <h3 className="do-now__subtitle">{t('doNow.othersTitle')}</h3>
          <ul className="list" aria-label={t('doNow.othersLabel')}>
            {list.others.map((item) => (
              <OtherRow key={item.chore.id} item={item} pausedUntil={context.pausedUntil} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** "Due by 7:30 PM" in the family's time zone; null for a chore without a due time. */
function dueByText(item: TodayChore, context: TodayContext): string | null {
  if (!item.dueAt) return null;
  return i18n.t('dashboard:doNow.dueBy', { time: formatTime(item.dueAt, context.timeZone) });
}

function DoableRow({ item, context, onDo }: { item: TodayChore; context: TodayContext; onDo: (chore: Chore) => void }) {
  const { chore } = item;
  const { t } = useTranslation('dashboard');
  const unit = useOwnRewardUnit();
  const about = [
    formatReward(chore.baseReward, unit),
    chore.requiresPhoto ? t('doNow.photoNeeded') : null,
    dueByText(item, context),
  ].filter(Boolean);
  const label = t('doNow.doItLabel', { name: chore.name });
  return (
    <li className="list__row do-now__row" aria-label={chore.name}>
      <div className="do-now__main">
        <p className="list__primary" data-emoji={choreEmoji(chore.name, chore.category?.name)}>
          {chore.name}
          {item.status === 'LATE' && <span className="badge badge--danger badge--inline">{t('doNow.late')}</span>}
          {item.status === 'DUE_SOON' && <span className="badge badge--warning badge--inline">{t('doNow.dueSoon')}</span>}
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

interface LockedRowProps {
  item: TodayChore;
  context: TodayContext;
  themeContext: ThemeContext;
}

/** A chore done for now: "Locked", and when it comes back (for a KIDS child "Not yet", "You can do it again tomorrow."). */
function LockedRow({ item, context, themeContext }: LockedRowProps) {
  const { chore } = item;
  const { t } = useTranslation('dashboard');
  const back = item.nextAvailableAt ?? null;
  const availability = {
    choreId: chore.id,
    isAvailable: false,
    nextAvailableAt: back,
    daysRemaining: back ? daysUntil(back, context.date, context.timeZone) : 0,
  };
  return (
    <li className="list__row do-now__row do-now__row--locked" aria-label={chore.name}>
      <div className="do-now__main">
        <p className="list__primary" data-emoji={choreEmoji(chore.name, chore.category?.name)}>
          {chore.name}
          {item.submission?.late && <span className="badge badge--warning badge--inline">{t('doNow.sentLate')}</span>}
        </p>
        <p className="list__secondary">
          {nextAvailableText(availability, {
            context: themeContext,
            family: { date: context.date, timeZone: context.timeZone },
          })}
        </p>
      </div>
      <span className="badge do-now__locked">
        <LockIcon />
        {t('doNow.locked', { context: themeContext })}
      </span>
    </li>
  );
}

/** What a chore that is not the child's now says: whose it is, and when it is theirs again. */
function otherTexts(item: TodayChore, pausedUntil: string | null): { badge: string; text: string } {
  const when = item.nextAvailableAt ? formatDate(item.nextAvailableAt) : null;
  switch (item.status) {
    case 'NOT_YOUR_TURN':
      return {
        badge: i18n.t('dashboard:doNow.notYourTurn'),
        text: [
          item.turn ? i18n.t('dashboard:doNow.theirTurn', { name: item.turn.name }) : i18n.t('dashboard:doNow.notYourTurn'),
          when ? i18n.t('dashboard:doNow.yourTurnOn', { date: when }) : null,
        ]
          .filter(Boolean)
          .join(' · '),
      };
    case 'TAKEN':
      return {
        badge: i18n.t('dashboard:doNow.taken'),
        text: [
          item.takenBy ? i18n.t('dashboard:doNow.takenBy', { name: item.takenBy.name }) : i18n.t('dashboard:doNow.taken'),
          when ? i18n.t('dashboard:doNow.freeAgainOn', { date: when }) : null,
        ]
          .filter(Boolean)
          .join(' · '),
      };
    case 'MISSED':
      return { badge: i18n.t('dashboard:doNow.missed'), text: i18n.t('dashboard:doNow.missedText') };
    default:
      return {
        badge: i18n.t('dashboard:doNow.paused'),
        text: pausedUntil
          ? i18n.t('dashboard:doNow.pausedUntil', { date: formatCalendarDate(pausedUntil) })
          : i18n.t('dashboard:doNow.pausedText'),
      };
  }
}

function OtherRow({ item, pausedUntil }: { item: TodayChore; pausedUntil: string | null }) {
  const { chore } = item;
  const { badge, text } = otherTexts(item, pausedUntil);
  return (
    <li className="list__row do-now__row do-now__row--locked" aria-label={chore.name}>
      <div className="do-now__main">
        <p className="list__primary" data-emoji={choreEmoji(chore.name, chore.category?.name)}>
          {chore.name}
        </p>
        <p className="list__secondary">{text}</p>
      </div>
      <span className="badge do-now__locked">{badge}</span>
    </li>
  );
}
