import { numberFormat } from '@/utils/format';

export interface ProgressBarProps {
  /** Done so far, from 0 to 1. */
  value: number;
  /** What is in progress, e.g. "Upload progress". */
  label: string;
}

/** A progress bar with the percentage beside it (50%, or 50 % in Spanish and German). */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const share = Math.round(Math.min(Math.max(value, 0), 1) * 100) / 100;
  const percent = Math.round(share * 100);
  return (
    <div className="progress">
      <progress className="progress__bar" max={100} value={percent} aria-label={label} />
      <span className="progress__text" aria-hidden="true">
        {numberFormat({ style: 'percent' }).format(share)}
      </span>
    </div>
  );
}
