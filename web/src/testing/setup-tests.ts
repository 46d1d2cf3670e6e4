import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';

import { useAppUpdateStore } from '@/stores/app-update-store';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { useDeviceLinkStore } from '@/stores/device-link-store';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { NAMESPACES } from '@/locales/en';
import { useSessionEndStore } from '@/stores/session-end-store';
import { useSessionStore } from '@/stores/session-store';
import { useTabletStore } from '@/stores/tablet-store';

// Screens loaded on first use fetch their texts in the app; a test may render them directly.
beforeAll(async () => {
  await loadNamespaces(...NAMESPACES);
});

beforeEach(async () => {
  window.localStorage.clear();
  // Every test starts in English, the language the tests read.
  await i18n.changeLanguage('en');
  useSessionStore.getState().hydrate();
  useSessionEndStore.getState().clear();
  useConnectivityStore.setState({ networkFailed: false });
  useAppUpdateStore.setState({ apply: null });
  // An ordinary browser, not the family tablet, unless a test makes it one.
  useTabletStore.setState({ deviceToken: null, childSession: false, removed: false, endSessionOnArrival: false });
  // Not a child's own device either, unless a test makes it one.
  useDeviceLinkStore.setState({ deviceToken: null, signedInAt: null });
});

afterEach(() => {
  cleanup();
  document.title = '';
});
