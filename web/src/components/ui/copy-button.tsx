import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from './button';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/utils/cn';

type CopyStatus = 'idle' | 'copied' | 'failed';

export interface CopyButtonProps {
  text: string;
  /** The button's accessible name when "Copy" alone is not clear enough. */
  label?: string;
  /** The button's text; "Copy" by default. */
  children?: string;
}

/** A Copy button that reports what happened in a polite status line. */
export function CopyButton({ text, label, children }: CopyButtonProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CopyStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    const copied = await copyText(text);
    setStatus(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus('idle'), copied ? 2500 : 6000);
  };

  return (
    <span className="copy-button">
      <Button variant="secondary" size="sm" onClick={onClick} aria-label={label}>
        {children ?? t('actions.copy')}
      </Button>
      <span
        className={cn('copy-button__status', status === 'failed' && 'copy-button__status--failed')}
        role="status"
      >
        {status === 'copied' && t('copy.copied')}
        {status === 'failed' && t('copy.failed')}
      </span>
    </span>
  );
}
