import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { UpdateBanner } from './update-banner';
import { useAppUpdateStore } from '@/stores/app-update-store';

describe('UpdateBanner', () => {
  it('says nothing until a new version is waiting', () => {
    render(<UpdateBanner />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('offers the new version and switches to it only when Reload is pressed', async () => {
    const user = userEvent.setup();
    const apply = vi.fn();
    render(<UpdateBanner />);

    act(() => useAppUpdateStore.getState().offer(apply));
    expect(screen.getByRole('status').textContent).toContain('A new version of Chorely is ready.');
    expect(apply).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });
});
