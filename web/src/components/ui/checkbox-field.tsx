import type { InputHTMLAttributes } from 'react';

import { cn } from '@/utils/cn';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
}

/** A checkbox with its label beside it. */
export function CheckboxField({ label, className, ...props }: CheckboxFieldProps) {
  return (
    <label className={cn('checkbox-field', className)}>
      <input type="checkbox" className="checkbox-field__input" {...props} />
      <span>{label}</span>
    </label>
  );
}
