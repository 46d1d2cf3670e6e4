import { useEffect } from 'react';

import { APP_NAME } from '@/config/env';

/** "Dashboard" -> "Dashboard - Chorely". */
export function pageTitle(page: string): string {
  return `${page} - ${APP_NAME}`;
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
