import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

import { useSessionStore } from '@/stores/session-store';

beforeEach(() => {
  window.localStorage.clear();
  useSessionStore.getState().hydrate();
});

afterEach(() => {
  cleanup();
  document.title = '';
});
