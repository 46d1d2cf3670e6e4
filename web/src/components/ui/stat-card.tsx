import type { ReactNode } from 'react';

import { cn } from '@/utils/cn';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  tone?: 'default' | 'accent' | 'success' | 'warning';
  icon?: ReactNode;
}

export function StatCard({ label, value, tone = 'default', icon }: StatCardProps) {
  return (
    <div className={cn('stat-card', `stat-card--${tone}`)}>
      {icon && (
        <span className="stat-card__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <div>
        <p className="stat-card__label">{label}</p>
        <p className="stat-card__value">{value}</p>
      </div>
    </div>
  );
}
