import type { ReactNode } from 'react';

import { cn } from '@/utils/cn';

export interface AlertProps {
  variant?: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
  className?: string;
}

export function Alert({ variant = 'error', title, children, className }: AlertProps) {
  return (
    <div
      className={cn('alert', `alert--${variant}`, className)}
      role={variant === 'error' ? 'alert' : 'status'}
    >
      {title && <strong className="alert__title">{title}</strong>}
      <div>{children}</div>
    </div>
  );
}
