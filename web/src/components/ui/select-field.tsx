import type { SelectHTMLAttributes } from 'react';

import { Field } from './field';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not choosable; the label should say why. */
  disabled?: boolean;
  /** The option's language when it differs from the page's (a language named in itself). */
  lang?: string;
}

export interface SelectOptionGroup {
  label: string;
  options: readonly SelectOption[];
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  options?: readonly SelectOption[];
  /** Options under group headings (optgroups), after `options`. */
  groups?: readonly SelectOptionGroup[];
  /** A first option with the empty value, e.g. "Choose a category". */
  placeholder?: string;
  error?: string;
  hint?: string;
}

const renderOption = (option: SelectOption) => (
  <option key={option.value} value={option.value} disabled={option.disabled} lang={option.lang}>
    {option.label}
  </option>
);

/** A labelled select with its validation message right below it. */
export function SelectField({
  label,
  options = [],
  groups = [],
  placeholder,
  error,
  hint,
  id,
  className,
  ...props
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select className="field__input field__select" {...control} {...props}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map(renderOption)}
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map(renderOption)}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}
