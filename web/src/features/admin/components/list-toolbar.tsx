import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button, SelectField, TextField, type SelectOption } from '@/components/ui';

export interface ToolbarFilter {
  /** The query field the filter sets, e.g. "plan". */
  name: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
}

/** The typed search, and the filter that changed if one did: `{ search, plan }`. */
export type ToolbarChange = Record<string, string>;

export interface ListToolbarProps {
  /** Names the search form, e.g. "Search organizations". */
  label: string;
  /** What the search looks in, e.g. "Name or slug". */
  placeholder: string;
  /** The search applied to the list now. */
  search: string;
  filters: readonly ToolbarFilter[];
  onApply: (change: ToolbarChange) => void;
}

/**
 * Search box and filters above a list. The search applies on Enter or
 * Search; a filter applies as soon as it changes, with the typed search.
 */
export function ListToolbar({ label, placeholder, search, filters, onApply }: ListToolbarProps) {
  const [text, setText] = useState(search);
  const { t } = useTranslation('admin');

  return (
    <form
      className="admin-toolbar"
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ search: text });
      }}
    >
      <TextField
        className="admin-toolbar__search"
        label={t('toolbar.search')}
        type="search"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {filters.map((filter) => (
        <SelectField
          key={filter.name}
          label={filter.label}
          options={filter.options}
          value={filter.value}
          onChange={(event) => onApply({ search: text, [filter.name]: event.target.value })}
        />
      ))}
      <Button type="submit" variant="secondary">
        {t('toolbar.submit')}
      </Button>
    </form>
  );
}
