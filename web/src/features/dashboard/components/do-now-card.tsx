import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { daysUntil, doNowList, everyChoreToDo, type DoNowList } from '../utils/do-now';
import { SentCelebration, type SentChore } from './celebration';
import { KidsChoreCard } from './kids-chore-card';
import { QuickSubmitDialog } from './quick-submit-dialog';
import { useChores } from '@/api/get-chores';
import { useToday } from '@/api/get-today';
import { Button, Card, EmptyState, Spinner } from '@/components/ui';
import { LockIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { nextAvailableText, sentChoreOf } from '@/lib/chores';
import { choreEmoji } from '@/lib/emoji';
import { useOwnRewardUnit } from '@/stores/session-store';
import { themeContextOf, useUiTheme, type ThemeContext } from '@/stores/theme-store';
import type { Chore, TodayChore } from '@/types/api';
import { i18n } from '@/lib/i18n';
import { cn } from '@/utils/cn';
import {
  addDays,
  formatCalendarDate,
  formatDate,
  formatRelativeDate,
  formatRelativeDay,
  formatReward,
  formatTime,
  type FamilyDay,
} from '@/utils/format';

/**
 * Today's chores of the child (GET /chores/today): those they can do now,
 * each with "Do it" and its due time; below them those done or locked, with
 * when they come back; and those that are not theirs now (a sibling's turn,
 * taken by a sibling), which cannot be sent. Leads the child's home: it is
 * what the home is for. Each theme lays it out its own way: KIDS as big
 * picture cards with one "I did it!" each, which sends the chore and
 * celebrates; TEEN as a compact list; ADULT as the list. A chore sent from
 * the Submit Chore form comes back here, said sent as the home says it.
 */
export function DoNowCard() {
  const chores = useChores();
  const today = useToday();
  const uiTheme = useUiTheme();
  const themeContext = themeContextOf(uiTheme);
  const kids = uiTheme === 'KIDS';
  const { t } = useTranslation('dashboard');
  const location = useLocation();
  const navigate = useNavigate();
  const unit = useOwnRewardUnit();
  const [choosing, setChoosing] = useState<Chore | null>(null);
  const [sent, setSent] = useState<SentChore | null>(() => {
    const name = sentChoreOf(location.state);
    return name ? { name, reward: null } : null;
  });
  const sentRef = useRef<HTMLDivElement>(null);

  // Said once: going back to this page later, or reloading it, does not say it again.
  const cameWithSent = sentChoreOf(location.state) !== null;
  useEffect(() => {
    if (cameWithSent) void navigate(location.pathname, { replace: true, state: null });
  }, [cameWithSent, navigate, location.pathname]);

  // The chore's button may be gone once it is sent (locked until its next day): say so where focus lands.
  // (A KIDS child's celebration moves focus to itself.)
  useEffect(() => {
    if (sent && !kids) sentRef.current?.focus();
  }, [sent, kids]);

  const onSent = (chore: Chore) => {
    setChoosing(null);
    setSent({ name: chore.name, reward: chore.baseReward > 0 ? formatReward(chore.baseReward, unit) : null });
  };

  // The lists wait for today's too (unless it failed): before it, a locked chore would look doable.
  const ready = chores.data !== undefined && !today.isPending;
  const own = today.data?.children[0];
  const context: TodayContext = {
    date: today.data?.date ?? '',
    timeZone: today.data?.timeZone ?? 'UTC',
    pausedUntil: own?.pausedUntil ?? null,
  };

  return (
    <Card
      title={t('doNow.title')}
      aria-label={t('doNow.title')}
      className={cn('do-now', kids && 'do-now--kids', uiTheme === 'TEEN' && 'do-now--compact')}
    >
      {kids ? (
        <SentCelebration sent={sent} onClose={() => setSent(null)} />
      ) : (
        sent && (
          <div ref={sentRef} className="alert alert--success" role="status" tabIndex={-1}>
            {t('doNow.sent', { name: sent.name })}
          </div>
        )
      )}
      {context.pausedUntil && (
        <p className="alert alert--info" role="status">
          {pausedUntilText(context.pausedUntil, context, themeContext)}
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
          onSent={onSent}
        />
      ) : (
        // A failed load shows nothing (it is logged), as on every list.
        (chores.isPending || today.isPending) && <Spinner label={t('doNow.loading')} />
      )}
      {choosing && <QuickSubmitDialog chore={choosing} onClose={() => setChoosing(null)} onSent={onSent} />}
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
  /** 'kids' for a KIDS child: the words and the picture cards of their theme. */
  themeContext: ThemeContext;
  /** Opens the quick send: its dialog (a KIDS child's photo chore: the camera). */
  onDo: (chore: Chore) => void;
  /** A KIDS child's card has sent its chore. */
  onSent: (chore: Chore) => void;
}

function DoNowLists({ chores, list, context, themeContext, onDo, onSent }: DoNowListsProps) {
  const { t } = useTranslation('dashboard');
  const kids = themeContext === 'kids';
  if (chores.length === 0) return <EmptyState>{t('doNow.noChores')}</EmptyState>;
  return (
    <>
      {list.doable.length === 0 ? (
        <EmptyState>{t('doNow.nothingNow', { context: themeContext })}</EmptyState>
      ) : kids ? (
        <ul className="kid-chores" aria-label={t('doNow.doableLabel')}>
          {list.doable.map((item) => (
            <KidsChoreCard key={item.chore.id} item={item} timeZone={context.timeZone} onSent={onSent} onPhoto={onDo} />
          ))}
        </ul>
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
              <OtherRow key={item.chore.id} item={item} context={context} themeContext={themeContext} />
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

/** The family's calendar, which a KIDS child's days are counted on. */
function familyOf(context: TodayContext): FamilyDay {
  return { date: context.date || null, timeZone: context.timeZone };
}

/** "Paused until March 5, 2030", or for a KIDS child the day they are back: "On a break – back tomorrow." */
function pausedUntilText(pausedUntil: string, context: TodayContext, themeContext: ThemeContext): string {
  const back = themeContext === 'kids' ? addDays(pausedUntil, 1) : null;
  return i18n.t('dashboard:doNow.pausedUntil', {
    context: back ? themeContext : undefined,
    date: formatCalendarDate(pausedUntil),
    when: back ? formatRelativeDate(back, familyOf(context)) : '',
  });
}

/**
 * What a chore that is not the child's now says: whose it is, and when it is
 * theirs again (a date; for a KIDS child in the days they count, "tomorrow").
 */
function otherTexts(item: TodayChore, context: TodayContext, themeContext: ThemeContext): { badge: string; text: string } {
  const at = item.nextAvailableAt ?? null;
  const when = at ? { context: themeContext, date: formatDate(at), when: formatRelativeDay(at, familyOf(context)) } : null;
  switch (item.status) {
    case 'NOT_YOUR_TURN':
      return {
        badge: i18n.t('dashboard:doNow.notYourTurn'),
        text: [
          item.turn ? i18n.t('dashboard:doNow.theirTurn', { name: item.turn.name }) : i18n.t('dashboard:doNow.notYourTurn'),
          when ? i18n.t('dashboard:doNow.yourTurnOn', when) : null,
        ]
          .filter(Boolean)
          .join(' · '),
      };
    case 'TAKEN':
      return {
        badge: i18n.t('dashboard:doNow.taken'),
        text: [
          item.takenBy ? i18n.t('dashboard:doNow.takenBy', { name: item.takenBy.name }) : i18n.t('dashboard:doNow.taken'),
          when ? i18n.t('dashboard:doNow.freeAgainOn', when) : null,
        ]
          .filter(Boolean)
          .join(' · '),
      };
    case 'MISSED':
      return { badge: i18n.t('dashboard:doNow.missed'), text: i18n.t('dashboard:doNow.missedText') };
    default:
      return {
        badge: i18n.t('dashboard:doNow.paused'),
        text: context.pausedUntil
          ? pausedUntilText(context.pausedUntil, context, themeContext)
          : i18n.t('dashboard:doNow.pausedText'),
      };
  }
}

interface OtherRowProps {
  item: TodayChore;
  context: TodayContext;
  themeContext: ThemeContext;
}

function OtherRow({ item, context, themeContext }: OtherRowProps) {
  const { chore } = item;
  const { badge, text } = otherTexts(item, context, themeContext);
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
