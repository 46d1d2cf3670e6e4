import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app';
import { registerServiceWorker } from '@/lib/service-worker';
import { i18nReady } from '@/lib/i18n';
import { useSessionStore } from '@/stores/session-store';
import { applyThemes, followSystemTheme, uiThemeOf, useThemeStore } from '@/stores/theme-store';
// Nunito, the KIDS theme's rounded font, bundled (the browser fetches it only when a KIDS screen shows).
import '@fontsource-variable/nunito';
import '@/styles/index.css';

// Paint the right theme before the first render to avoid a flash.
applyThemes(useThemeStore.getState().theme, uiThemeOf(useSessionStore.getState().user));
followSystemTheme();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The first render waits for the chosen language's texts (English is bundled; another is one chunk).
void i18nReady().finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The app shell works offline once the service worker has stored it (production builds only:
// the dev server and the unit tests have no worker). Its code (workbox-window) downloads once
// the page has loaded, so the first page waits for none of it; the worker registers then anyway.
if (import.meta.env.PROD) {
  if (document.readyState === 'complete') void registerServiceWorker();
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}
