import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

import { useSessionEndStore } from '@/stores/session-end-store';
import { useSessionStore } from '@/stores/session-store';

beforeEach(() => {
  window.localStorage.clear();
  useSessionStore.getState().hydrate();
  useSessionEndStore.getState().clear();
});

afterEach(() => {
  cleanup();
  document.title = '';
});
