import { useEffect } from 'react';

import { APP_NAME } from '@/config/env';
import { i18n } from '@/lib/i18n';

/** "Dashboard" -> "Dashboard - Chorely". */
export function pageTitle(page: string): string {
  return i18n.t('common:pageTitle', { page, app: APP_NAME });
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
