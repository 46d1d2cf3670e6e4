import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { SentChore } from './board-pin-dialog';
import { MAIN_CONTENT_ID } from '@/components/layouts/skip-link';
import { Button } from '@/components/ui';
import { cn } from '@/utils/cn';

/** How long the celebration stays unless the child puts it away: the board is the next child's after. */
export const CELEBRATION_MS = 10_000;

const CONFETTI = ['🎉', '⭐', '🎊', '✨', '🎉', '⭐', '🎊', '✨'];

export interface BoardCelebrationProps {
  /** The chore just sent; null while there is nothing to celebrate. */
  sent: SentChore | null;
  onClose: () => void;
}

/**
 * "Well done, Mia!" over the board after a chore is sent, with what it can
 * earn (or, tapped offline, that it is saved and goes when the tablet is
 * back online), announced as it shows (its live region is always on the page, so
 * that what fills it is read out); confetti falls unless the system asks for
 * less motion. It goes on "Thanks!" or after CELEBRATION_MS.
 */
export function BoardCelebration({ sent, onClose }: BoardCelebrationProps) {
  const { t } = useTranslation('tablet');
  const host = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);

  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  // Focus held here goes back to the board (not lost with the panel).
  const finish = useCallback(() => {
    if (host.current?.contains(document.activeElement)) document.getElementById(MAIN_CONTENT_ID)?.focus();
    close.current();
  }, []);

  useEffect(() => {
    if (!sent) return undefined;
    // The dialog that sent it has just closed: the child's next tap is here.
    host.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const timer = setTimeout(finish, CELEBRATION_MS);
    return () => clearTimeout(timer);
  }, [sent, finish]);

  return (
    <div ref={host} className={cn('board-celebration', sent && 'board-celebration--shown')}>
      {sent && (
        <div className="celebration__confetti" aria-hidden="true">
          {CONFETTI.map((piece, index) => (
            <span key={index} className="celebration__piece">
              {piece}
            </span>
          ))}
        </div>
      )}
      <div className="board-celebration__text" role="status" aria-live="polite">
        {sent && (
          <>
            <p className="board-celebration__title">{t('celebration.title', { name: sent.childName })}</p>
            <p>{sent.waiting ? t('celebration.waiting', { chore: sent.choreName }) : t('celebration.sent', { chore: sent.choreName })}</p>
            {sent.reward && <p className="board-celebration__reward">{t('celebration.reward', { reward: sent.reward })}</p>}
          </>
        )}
      </div>
      {sent && (
        <Button onClick={finish}>
          {t('celebration.close')}
        </Button>
      )}
    </div>
  );
}
