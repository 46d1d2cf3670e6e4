import { useId, type ReactNode } from 'react';

import { cn } from '@/utils/cn';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  tone?: 'default' | 'accent' | 'success' | 'warning';
  icon?: ReactNode;
}

/** A figure with its label; a group named by the label, so the value can be found by it. */
export function StatCard({ label, value, tone = 'default', icon }: StatCardProps) {
  const labelId = useId();
  return (
    <div className={cn('stat-card', `stat-card--${tone}`)} role="group" aria-labelledby={labelId}>
      {icon && (
        <span className="stat-card__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <div>
        <p id={labelId} className="stat-card__label">
          {label}
        </p>
        <p className="stat-card__value">{value}</p>
      </div>
    </div>
  );
}
