import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

import { cn } from '@/utils/cn';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  tone?: 'default' | 'accent' | 'success' | 'warning';
  icon?: ReactNode;
  /** The list behind the figure: the label becomes a link there, and the whole card its target. */
  to?: string;
}

/** A figure with its label; a group named by the label, so the value can be found by it. */
export function StatCard({ label, value, tone = 'default', icon, to }: StatCardProps) {
  const labelId = useId();
  return (
    <div
      className={cn('stat-card', `stat-card--${tone}`, to && 'stat-card--link')}
      role="group"
      aria-labelledby={labelId}
    >
      {icon && (
        <span className="stat-card__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <div>
        <p id={labelId} className="stat-card__label">
          {to ? (
            <Link to={to} className="stat-card__link">
              {label}
            </Link>
          ) : (
            label
          )}
        </p>
        <p className="stat-card__value">{value}</p>
      </div>
    </div>
  );
}
