import type { UseQueryResult } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useWaitingTaps } from '../hooks/use-waiting-taps';
import { useWaitingTapsStore, type WaitingTap } from '../stores/waiting-taps-store';
import type { TabletBoard } from '../types';
import { boardStateText, boardTone, canSend } from '../utils/board';
import { BoardCelebration } from './board-celebration';
import { BoardPinDialog, type BoardAction, type BoardChild, type SentChore } from './board-pin-dialog';
import { ChildAvatar } from './child-avatar';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layouts/skip-link';
import { Alert, Button, Dialog, Spinner } from '@/components/ui';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { getErrorMessage } from '@/lib/api-client';
import { choreEmoji } from '@/lib/emoji';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { queryKeys } from '@/lib/query-keys';
import { homePathFor } from '@/lib/roles';
import type { ChildToday, TodayChore, User } from '@/types/api';
import { cn } from '@/utils/cn';
import { formatCalendarDate, formatTime } from '@/utils/format';

/** What the parent corner shows: a parent's sign-in (the app composes it from the account pages). */
export interface ParentSignInProps {
  onSignedIn: (user: User) => void;
}

export interface FamilyBoardProps {
  deviceToken: string;
  board: UseQueryResult<TabletBoard>;
  ParentSignIn: ComponentType<ParentSignInProps>;
}

/**
 * The family board: a column per child with today's chores, for everyone to
 * see without a PIN. A tap on a chore the child can still do sends it with
 * their PIN; "My page" opens the child's own session; "Parents", in the
 * corner, signs a parent in to their app. A tap made offline waits on the
 * tablet ("Waiting to send" on its card) and goes when the network returns;
 * one the server then refuses is named in an alert until put away.
 */
export function FamilyBoard({ deviceToken, board, ParentSignIn }: FamilyBoardProps) {
  const { t } = useTranslation('tablet');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<BoardAction | null>(null);
  const [sent, setSent] = useState<SentChore | null>(null);
  const [parents, setParents] = useState(false);
  const { data, error } = board;

  const refreshBoard = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.tabletBoard(deviceToken) }),
    [queryClient, deviceToken],
  );
  useWaitingTaps(deviceToken, refreshBoard);
  const waitingTaps = useWaitingTapsStore((state) => state.taps);
  const refused = useWaitingTapsStore((state) => state.refused);

  const onSent = (chore: SentChore) => {
    setAction(null);
    setSent(chore);
    void refreshBoard();
  };
  const onWaiting = (tap: WaitingTap) => {
    useWaitingTapsStore.getState().add(tap);
    setAction(null);
    setSent({ childName: tap.childName, choreName: tap.choreName, reward: null, waiting: true });
  };
  const endCelebration = useCallback(() => setSent(null), []);
  const waitingOf = (childId: string) =>
    new Set(waitingTaps.filter((tap) => tap.childId === childId).map((tap) => tap.choreId));

  const pins = new Map((data?.children ?? []).map((child) => [child.id, child.hasPin]));
  // A child the tablet does not list cannot sign in here: as without a PIN.
  const childOf = (column: ChildToday): BoardChild => ({
    id: column.childId,
    name: column.childName,
    hasPin: pins.get(column.childId) ?? false,
  });
  // A tap gets its time and key here, once: every try of it (a PIN again, a send after the network returns) sends the same.
  const tap = (column: ChildToday, item: TodayChore) =>
    setAction({ kind: 'send', child: childOf(column), item, tappedAt: new Date(), idempotencyKey: newIdempotencyKey() });

  return (
    <div className="board">
      <SkipLink />
      <header className="board__top">
        <div className="board__heading">
          <h1 className="board__title">{t('board.title')}</h1>
          {data && (
            <p className="board__subtitle">
              {t('board.subtitle', { family: data.familyName, date: formatCalendarDate(data.today.date) })}
            </p>
          )}
        </div>
        <div className="board__corner">
          <ThemeToggle />
          <Button variant="secondary" size="sm" onClick={() => setParents(true)}>
            {t('board.parents')}
          </Button>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} className="board__main" tabIndex={-1}>
        {board.isPending && <Spinner label={t('board.loading')} />}
        {error && !data && (
          <div className="board__problem">
            <Alert>{getErrorMessage(error, t('board.failed'))}</Alert>
            <Button variant="secondary" onClick={() => void board.refetch()}>
              {t('board.retry')}
            </Button>
          </div>
        )}
        {error && data && <Alert variant="info">{t('board.stale')}</Alert>}
        {/* A waiting tap the server refused: an alert (an assertive live region, read out as it comes) until put away. */}
        {refused.map((refusal) => (
          <div key={refusal.key} className="board__problem">
            <Alert title={t('waiting.refused', { name: refusal.childName, chore: refusal.choreName })}>
              {refusal.message}
            </Alert>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('waiting.dismissLabel', { name: refusal.childName, chore: refusal.choreName })}
              onClick={() => useWaitingTapsStore.getState().dismissRefusal(refusal.key)}
            >
              {t('waiting.dismiss')}
            </Button>
          </div>
        ))}
        {data && data.today.children.length === 0 && <p className="muted">{t('board.noChildren')}</p>}
        {data && data.today.children.length > 0 && (
          <div className="board__columns">
            {data.today.children.map((column) => (
              <BoardColumn
                key={column.childId}
                column={column}
                timeZone={data.today.timeZone}
                waiting={waitingOf(column.childId)}
                onSend={(item) => tap(column, item)}
                onOwnPage={() => setAction({ kind: 'own', child: childOf(column) })}
              />
            ))}
          </div>
        )}
        <BoardCelebration sent={sent} onClose={endCelebration} />
      </main>
      {action && (
        <BoardPinDialog
          deviceToken={deviceToken}
          action={action}
          onClose={() => setAction(null)}
          onSent={onSent}
          onWaiting={onWaiting}
        />
      )}
      <Dialog open={parents} onClose={() => setParents(false)} title={t('parents.title')} description={t('parents.description')}>
        <ParentSignIn onSignedIn={(user) => void navigate(homePathFor(user.role), { replace: true })} />
      </Dialog>
    </div>
  );
}

interface BoardColumnProps {
  column: ChildToday;
  timeZone: string;
  /** The ids of the chores of this child waiting on the tablet to be sent. */
  waiting: ReadonlySet<string>;
  onSend: (item: TodayChore) => void;
  onOwnPage: () => void;
}

/** A child's column: their picture and name, "Paused until …" when paused, and their chores of today. */
function BoardColumn({ column, timeZone, waiting, onSend, onOwnPage }: BoardColumnProps) {
  const { t } = useTranslation('tablet');
  const headingId = useId();
  const name = column.childName;
  return (
    <section className="board-column" aria-labelledby={headingId}>
      <div className="board-column__top">
        <ChildAvatar id={column.childId} name={name} className="board-column__avatar" />
        <h2 id={headingId} className="board-column__name">
          {name}
        </h2>
        {/* Today's tablet behaviour (the child's own session, for spending); the next slice replaces it. */}
        <Button variant="ghost" size="sm" aria-label={t('board.myPageLabel', { name })} onClick={onOwnPage}>
          {t('board.myPage')}
        </Button>
      </div>
      {column.pausedUntil && (
        <p className="board-column__paused">{t('board.pausedUntil', { date: formatCalendarDate(column.pausedUntil) })}</p>
      )}
      {column.chores.length === 0 ? (
        <p className="muted">{t('board.nothingToday')}</p>
      ) : (
        <ul className="board-column__chores" aria-label={t('board.choresOf', { name })}>
          {column.chores.map((item) => (
            <li key={item.chore.id}>
              <ChoreCard
                item={item}
                timeZone={timeZone}
                waiting={waiting.has(item.chore.id)}
                onSend={() => onSend(item)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface ChoreCardProps {
  item: TodayChore;
  timeZone: string;
  /** Tapped offline and waiting on the tablet to be sent: no button, "Waiting to send". */
  waiting: boolean;
  onSend: () => void;
}

/**
 * A chore as a big card: its picture, name, where it stands and when it is
 * due; a button while it can be sent. One waiting to be sent looks like one
 * sent (it is on its way) and says so in words.
 */
function ChoreCard({ item, timeZone, waiting, onSend }: ChoreCardProps) {
  const { t } = useTranslation('tablet');
  const { chore } = item;
  const className = cn('board-chore', `board-chore--${waiting ? 'sent' : boardTone(item)}`);
  // The pauses between the parts are read out; on screen each part is a line of its own.
  const content = (
    <>
      <span className="board-chore__picture" aria-hidden="true">
        {choreEmoji(chore.name, chore.category?.name)}
      </span>
      <span className="board-chore__text">
        <span className="board-chore__name">{chore.name}</span>
        <span className="visually-hidden">, </span>
        <span className="board-chore__state">{waiting ? t('board.state.waiting') : boardStateText(item)}</span>
        {item.dueAt && (
          <>
            <span className="visually-hidden">, </span>
            <span className="board-chore__due">{t('board.dueBy', { time: formatTime(item.dueAt, timeZone) })}</span>
          </>
        )}
      </span>
    </>
  );
  return canSend(item) && !waiting ? (
    <button type="button" className={className} onClick={onSend}>
      {content}
    </button>
  ) : (
    <div className={className}>{content}</div>
  );
}
