import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { TaggedText } from './tagged-text';

describe('TaggedText', () => {
  it('shows the tagged words as the element, inside the rest of the sentence', () => {
    const { container } = render(
      <p>
        <TaggedText text="Noch kein Konto? <register>Jetzt erstellen</register>" components={{ register: <a href="/register" /> }} />
      </p>,
    );
    expect(container.textContent).toBe('Noch kein Konto? Jetzt erstellen');
    expect(screen.getByRole('link', { name: 'Jetzt erstellen' }).getAttribute('href')).toBe('/register');
  });

  it('keeps the order the language gives, with words before, between and after the tags', () => {
    const { container } = render(
      <p>
        <TaggedText
          text="Read <terms>the terms</terms> and <privacy>the policy</privacy> first."
          components={{ terms: <a href="/terms" />, privacy: <a href="/privacy" /> }}
        />
      </p>,
    );
    expect(container.innerHTML).toBe('<p>Read <a href="/terms">the terms</a> and <a href="/privacy">the policy</a> first.</p>');
  });

  it('shows the words of a tag it has no element for, and a sentence without tags as it is', () => {
    const { container, rerender } = render(<TaggedText text="See <missing>this</missing>." components={{}} />);
    expect(container.innerHTML).toBe('See this.');
    rerender(<TaggedText text="Nothing to link." components={{ register: <a href="/register" /> }} />);
    expect(container.innerHTML).toBe('Nothing to link.');
  });
});
