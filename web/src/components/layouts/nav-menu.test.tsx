import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { NavMenu, nextLinkIndex } from './nav-menu';
import type { NavMenuItem } from './navigation';

const FAMILY: NavMenuItem = {
  kind: 'menu',
  label: 'Family',
  items: [
    { kind: 'link', label: 'Children', to: '/children' },
    { kind: 'link', label: 'Parents and Adults', to: '/team' },
  ],
};

function renderMenu() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <nav aria-label="Main">
        <NavMenu item={FAMILY} />
        <a href="/after">After</a>
      </nav>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), button: screen.getByRole('button', { name: 'Family' }) };
}

describe('nextLinkIndex', () => {
  it('moves down and up with wrapping, and to the ends with Home and End', () => {
    expect(nextLinkIndex('ArrowDown', -1, 3)).toBe(0);
    expect(nextLinkIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextLinkIndex('ArrowUp', -1, 3)).toBe(2);
    expect(nextLinkIndex('ArrowUp', 0, 3)).toBe(2);
    expect(nextLinkIndex('ArrowUp', 2, 3)).toBe(1);
    expect(nextLinkIndex('Home', 2, 3)).toBe(0);
    expect(nextLinkIndex('End', 0, 3)).toBe(2);
    expect(nextLinkIndex('a', 0, 3)).toBeNull();
    expect(nextLinkIndex('ArrowDown', -1, 0)).toBeNull();
  });
});

describe('NavMenu', () => {
  it('is a disclosure: a button controlling a list that is hidden until opened', async () => {
    const { user, button } = renderMenu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(button.getAttribute('aria-controls')!);
    expect(list?.hidden).toBe(true);
    expect(screen.queryByRole('link', { name: 'Children' })).toBeNull();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(list?.hidden).toBe(false);
    expect(screen.getByRole('link', { name: 'Children' })).toBeTruthy();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens with the arrows and moves through its links; Escape closes it and focuses the button', async () => {
    const { user, button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Children' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Parents and Adults' }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Children' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Parents and Adults' }));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Parents and Adults' }));
  });

  it('closes when focus leaves it or a link is chosen', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Children' }));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'After' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Parents and Adults' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
