import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { TABLET_IDLE_MS, useIdleTimeout } from './use-idle-timeout';

describe('useIdleTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    delete window.__CHORELY_TABLET_IDLE_MS__;
  });

  it('signs out after 2 minutes without use, counting again from each touch or key', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimeout(true, onIdle));
    expect(TABLET_IDLE_MS).toBe(120_000);

    act(() => {
      vi.advanceTimersByTime(119_000);
    });
    expect(onIdle).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    act(() => {
      vi.advanceTimersByTime(119_000);
    });
    expect(onIdle).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    act(() => {
      vi.advanceTimersByTime(119_999);
    });
    expect(onIdle).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does nothing while no session is open, and stops when it ends', () => {
    const onIdle = vi.fn();
    const { rerender, unmount } = renderHook(({ active }) => useIdleTimeout(active, onIdle), {
      initialProps: { active: false },
    });
    act(() => {
      vi.advanceTimersByTime(TABLET_IDLE_MS * 2);
    });
    expect(onIdle).not.toHaveBeenCalled();
    rerender({ active: true });
    act(() => {
      vi.advanceTimersByTime(TABLET_IDLE_MS - 1);
    });
    unmount();
    act(() => {
      vi.advanceTimersByTime(TABLET_IDLE_MS);
    });
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('takes a shorter time from the browser tests’ hook', () => {
    window.__CHORELY_TABLET_IDLE_MS__ = 500;
    const onIdle = vi.fn();
    renderHook(() => useIdleTimeout(true, onIdle));
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});
