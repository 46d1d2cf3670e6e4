import { useTranslation } from 'react-i18next';

import { Button } from './button';

export interface FormActionsProps {
  submitLabel: string;
  /** The submit button shows it is busy (and cannot be pressed) while true. */
  submitting: boolean;
  /** Adds a Cancel button before the submit button. */
  onCancel?: () => void;
  size?: 'sm' | 'md';
}

/** The end of a form: Cancel when it can be cancelled, then the submit button. */
export function FormActions({ submitLabel, submitting, onCancel, size = 'md' }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="form__actions">
      {onCancel && (
        <Button variant="secondary" size={size} onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
      )}
      <Button type="submit" size={size} isLoading={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
