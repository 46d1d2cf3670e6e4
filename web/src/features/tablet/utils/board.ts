import { i18n } from '@/lib/i18n';
import type { TodayChore } from '@/types/api';

/** How a chore's card on the board looks: what the child can still do, what waits, what is over. */
export type BoardTone = 'todo' | 'late' | 'sent' | 'done' | 'missed' | 'quiet';

/** Whether a child can send the chore from the board now: it is theirs to do today. */
export function canSend(item: TodayChore): boolean {
  return item.status === 'TODO' || item.status === 'DUE_SOON' || item.status === 'LATE';
}

/** The card's look: a chore sent and waiting for a parent differs from one approved. */
export function boardTone(item: TodayChore): BoardTone {
  switch (item.status) {
    case 'TODO':
    case 'DUE_SOON':
      return 'todo';
    case 'LATE':
      return 'late';
    case 'DONE':
      return item.submission?.status === 'PENDING' ? 'sent' : 'done';
    case 'MISSED':
      return 'missed';
    default:
      return 'quiet';
  }
}

/** Where the chore stands, in a child's words. */
export function boardStateText(item: TodayChore): string {
  switch (item.status) {
    case 'TODO':
      return i18n.t('tablet:board.state.todo');
    case 'DUE_SOON':
      return i18n.t('tablet:board.state.dueSoon');
    case 'LATE':
      return i18n.t('tablet:board.state.late');
    case 'DONE':
      return item.submission?.status === 'PENDING'
        ? i18n.t('tablet:board.state.sent')
        : i18n.t('tablet:board.state.done');
    case 'MISSED':
      return i18n.t('tablet:board.state.missed');
    case 'TAKEN':
      return item.takenBy
        ? i18n.t('tablet:board.state.takenBy', { name: item.takenBy.name })
        : i18n.t('tablet:board.state.taken');
    case 'NOT_YOUR_TURN':
      return item.turn
        ? i18n.t('tablet:board.state.theirTurn', { name: item.turn.name })
        : i18n.t('tablet:board.state.notYourTurn');
    case 'COOLDOWN':
      return i18n.t('tablet:board.state.cooldown');
    case 'PAUSED':
      return i18n.t('tablet:board.state.paused');
  }
}
