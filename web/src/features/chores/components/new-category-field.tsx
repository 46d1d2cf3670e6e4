import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateCategory } from '@/api/create-category';
import { Button, TextField } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';
import { isBlank } from '@/lib/validation';
import type { Category } from '@/types/api';

export interface NewCategoryFieldProps {
  /** The category made: the chore form chooses it. */
  onMade: (category: Category) => void;
  /** Back to choosing one; absent while the family has none to choose. */
  onCancel?: () => void;
}

/**
 * A category made from inside the chore form, so that a family with none
 * (or without the one it needs) adds its chore without leaving the form.
 */
export function NewCategoryField({ onMade, onCancel }: NewCategoryFieldProps) {
  const { t } = useTranslation(['chores', 'common', 'errors', 'validation']);
  const { mutateAsync: create, isPending } = useCreateCategory();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();

  const add = async () => {
    if (isBlank(name)) {
      setError(t('validation:nameRequired'));
      return;
    }
    try {
      onMade(await create({ name: name.trim() }));
    } catch (failure) {
      setError(getErrorMessage(failure, t('errors:fallback.saveCategory'), { preferDetails: true }));
    }
  };
  // Enter adds the category; it must not send the chore form around it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void add();
  };

  return (
    <div className="new-category">
      <TextField
        label={t('form.newCategoryName')}
        hint={onCancel ? undefined : t('form.firstCategoryHint')}
        autoComplete="off"
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="new-category__actions">
        <Button variant="secondary" size="sm" isLoading={isPending} onClick={() => void add()}>
          {t('form.addCategory')}
        </Button>
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}
