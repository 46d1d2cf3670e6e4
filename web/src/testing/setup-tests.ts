import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

import { useAppUpdateStore } from '@/stores/app-update-store';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { useSessionEndStore } from '@/stores/session-end-store';
import { useSessionStore } from '@/stores/session-store';

beforeEach(() => {
  window.localStorage.clear();
  useSessionStore.getState().hydrate();
  useSessionEndStore.getState().clear();
  useConnectivityStore.setState({ networkFailed: false });
  useAppUpdateStore.setState({ apply: null });
});

afterEach(() => {
  cleanup();
  document.title = '';
});
