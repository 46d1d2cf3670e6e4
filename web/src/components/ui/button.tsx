import type { ButtonHTMLAttributes } from 'react';

import { cn } from '@/utils/cn';

/**
 * danger-quiet is for a destructive action repeated on every row or card
 * (Delete, Retire, Deactivate): outlined, red only on hover and focus, so a
 * list is not a wall of red; its confirmation still asks.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-quiet';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  block?: boolean;
  isLoading?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  isLoading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn('btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading && <span className="spinner spinner--inline" aria-hidden="true" />}
      {children}
    </button>
  );
}
