import { useEffect, useRef, useState } from 'react';

import { Button } from './button';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/utils/cn';

type CopyStatus = 'idle' | 'copied' | 'failed';

const STATUS_TEXT: Record<CopyStatus, string> = {
  idle: '',
  copied: 'Copied!',
  failed: 'Could not copy. Select the link and copy it yourself.',
};

export interface CopyButtonProps {
  text: string;
  /** The button's accessible name when "Copy" alone is not clear enough. */
  label?: string;
  children?: string;
}

/** A Copy button that reports what happened in a polite status line. */
export function CopyButton({ text, label, children = 'Copy' }: CopyButtonProps) {
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
        {children}
      </Button>
      <span
        className={cn('copy-button__status', status === 'failed' && 'copy-button__status--failed')}
        role="status"
      >
        {STATUS_TEXT[status]}
      </span>
    </span>
  );
}
