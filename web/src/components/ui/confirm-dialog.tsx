import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from './button';
import { Dialog } from './dialog';

/** What a confirmation asks, in the words of the action it stands before. */
export interface Confirmation {
  /** The dialog's title and accessible name: the action and its object, as the button that asks says them ("Delete Sam"). */
  title: string;
  /** The question (the product's confirmation text). */
  message: string;
  /** The confirm button's text, saying the action ("Delete"). */
  confirmLabel: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

export interface ConfirmDialogProps extends Confirmation {
  onConfirm: () => void;
  /** Called by Cancel, the close button and Escape. */
  onCancel: () => void;
}

/**
 * A modal question before an action, in place of the browser's confirm():
 * the question, Cancel and a button naming the action. Focus starts on
 * Cancel (a stray Enter does nothing harmful) and goes back to the button
 * that asked when the dialog closes.
 */
export function ConfirmDialog({ title, message, confirmLabel, danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onCancel} title={title} description={message}>
      <div className="form__actions form__actions--wrap">
        <Button variant="secondary" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** Asks a question in a {@link ConfirmDialog}; resolves to true when the action is confirmed. */
export type Confirm = (confirmation: Confirmation) => Promise<boolean>;

/**
 * A confirmation to await where window.confirm() was: `confirm` opens the
 * dialog and resolves to the answer (false on Cancel, Escape or the close
 * button); the component renders `dialog` (null while nothing is asked).
 *
 *     const [confirm, confirmDialog] = useConfirm();
 *     const onDelete = async () => {
 *       if (!(await confirm({ title, message, confirmLabel, danger: true }))) return;
 *       …
 *     };
 *     return <>…{confirmDialog}</>;
 */
export function useConfirm(): [Confirm, ReactNode] {
  const [asked, setAsked] = useState<Confirmation | null>(null);
  const answerRef = useRef<((confirmed: boolean) => void) | null>(null);

  const answer = useCallback((confirmed: boolean) => {
    const resolve = answerRef.current;
    answerRef.current = null;
    setAsked(null);
    resolve?.(confirmed);
  }, []);

  const confirm = useCallback<Confirm>((confirmation) => {
    // A question still open (asked twice) is answered no, and replaced.
    answerRef.current?.(false);
    return new Promise<boolean>((resolve) => {
      answerRef.current = resolve;
      setAsked(confirmation);
    });
  }, []);

  // Gone before it was answered: whoever waits hears no.
  useEffect(() => () => answerRef.current?.(false), []);

  const dialog = asked && (
    <ConfirmDialog {...asked} onConfirm={() => answer(true)} onCancel={() => answer(false)} />
  );
  return [confirm, dialog];
}
