import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('is the first stop of Tab and moves focus to the main content, leaving the address alone', async () => {
    const user = userEvent.setup();
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/chores">Chores</a>
        </nav>
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <button type="button">First in main</button>
        </main>
      </>,
    );
    const before = window.location.href;
    await user.tab();
    const link = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(link);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.href).toBe(before);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First in main' }));
  });
});
