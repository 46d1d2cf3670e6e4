import { useEffect, useRef } from 'react';

/** How long a child's session on the family tablet may go without use. */
export const TABLET_IDLE_MS = 2 * 60 * 1000;

/** What counts as use: a touch, a click, a key, a scroll of the wheel. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

declare global {
  interface Window {
    /** Browser tests shorten the idle time here instead of waiting 2 minutes. */
    __CHORELY_TABLET_IDLE_MS__?: number;
  }
}

/** The idle time in force: the test hook's when a browser test set one. */
export function tabletIdleMs(): number {
  const override = typeof window === 'undefined' ? undefined : window.__CHORELY_TABLET_IDLE_MS__;
  return typeof override === 'number' && override > 0 ? override : TABLET_IDLE_MS;
}

/**
 * Calls `onIdle` once nobody has touched, clicked, typed or scrolled for
 * `tabletIdleMs()` while `active`; each use starts the count again.
 */
export function useIdleTimeout(active: boolean, onIdle: () => void): void {
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!active) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => latest.current(), tabletIdleMs());
    };
    arm();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, arm, { capture: true, passive: true });
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, arm, { capture: true });
    };
  }, [active]);
}
