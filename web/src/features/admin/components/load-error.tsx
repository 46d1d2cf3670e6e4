import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';

export interface LoadErrorProps {
  error: unknown;
  /** The message when the server gives no text, e.g. "Failed to fetch users". */
  fallback: string;
}

/** A console load that failed: "Error: {message}" in place of the whole console. */
export function LoadError({ error, fallback }: LoadErrorProps) {
  const { t } = useTranslation('errors');
  return (
    <div className="admin-error">
      <Alert>{t('withMessage', { message: getErrorMessage(error, fallback) })}</Alert>
    </div>
  );
}
