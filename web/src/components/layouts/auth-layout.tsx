import type { ReactNode } from 'react';

import { Brand } from './brand';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { ThemeToggle } from '@/components/ui/theme-toggle';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Centered card used by the login, register and invitation screens. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth-page">
      <SkipLink />
      <div className="auth-page__top">
        <Brand />
        <ThemeToggle />
      </div>
      <main id={MAIN_CONTENT_ID} className="auth-card" tabIndex={-1}>
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
      </main>
    </div>
  );
}
