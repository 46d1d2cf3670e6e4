import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

import { cn } from '@/utils/cn';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * The open dialogs' panels, the one on top last: a dialog opened from another
 * (a confirmation over a form) alone answers Escape and keeps Tab, and the
 * page scrolls again once the last one has closed, in whatever order they go.
 */
const openPanels: HTMLElement[] = [];
let pageOverflow = '';

function opened(panel: HTMLElement) {
  if (openPanels.length === 0) {
    pageOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  openPanels.push(panel);
}

function closed(panel: HTMLElement) {
  const index = openPanels.indexOf(panel);
  if (index !== -1) openPanels.splice(index, 1);
  if (openPanels.length === 0) document.body.style.overflow = pageOverflow;
}

export interface DialogProps {
  /** The dialog is rendered only while open. */
  open: boolean;
  /** Called on Escape and by the close button. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom (Cancel, Save, Done…). */
  footer?: ReactNode;
  size?: 'md' | 'lg';
}

/**
 * A modal dialog: labelled by its title, Escape closes it, focus moves into it
 * on open, Tab stays inside, and focus returns to where it was on close.
 */
export function Dialog({ open, ...props }: DialogProps) {
  if (!open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({ onClose, title, description, children, footer, size = 'md' }: Omit<DialogProps, 'open'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Move focus in on open (an autofocus field first), give it back on close.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!panel.contains(document.activeElement)) {
      const preferred = panel.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
      const target = preferred ?? focusableIn(panel).find((element) => !element.dataset.dialogClose) ?? panel;
      target.focus();
    }
    opened(panel);
    return () => {
      closed(panel);
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog opened over this one answers the keys while it is open.
      if (openPanels[openPanels.length - 1] !== panelRef.current) return;
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      const panel = panelRef.current;
      if (event.key !== 'Tab' || !panel) return;
      const items = focusableIn(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className="dialog-backdrop">
      <div
        ref={panelRef}
        className={cn('dialog', `dialog--${size}`)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <header className="dialog__header">
          <div>
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="dialog__description">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            className="icon-button dialog__close"
            aria-label={t('actions.close')}
            data-dialog-close="true"
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="dialog__body">{children}</div>
        {footer && <footer className="dialog__footer">{footer}</footer>}
      </div>
    </div>
  );
}
