import { describe, expect, it } from 'vitest';

import { DEFAULT_EMOJI, categoryEmoji, choreEmoji } from './emoji';

describe('choreEmoji', () => {
  it('finds a picture in the chore name', () => {
    expect(choreEmoji('Wash dishes')).toBe('🍽️');
    expect(choreEmoji('Water plants')).toBe('🪴');
    expect(choreEmoji('Sweep the porch')).toBe('🧹');
    expect(choreEmoji('Walk the DOG')).toBe('🐶');
    expect(choreEmoji('Take out the trash')).toBe('🗑️');
    expect(choreEmoji('Make your bed')).toBe('🛏️');
  });

  it('matches short keywords as whole words only', () => {
    expect(choreEmoji('Write a birthday card')).toBe(DEFAULT_EMOJI);
    expect(choreEmoji('Wash the car')).toBe('🚗');
  });

  it('falls back to the category, then to the sparkle', () => {
    expect(choreEmoji('Help out', 'Kitchen')).toBe('🍽️');
    expect(choreEmoji('Help out', 'Misc')).toBe(DEFAULT_EMOJI);
    expect(choreEmoji('', null)).toBe(DEFAULT_EMOJI);
  });
});

describe('categoryEmoji', () => {
  it('is the same for the same name', () => {
    expect(categoryEmoji('Garden')).toBe('🪴');
    expect(categoryEmoji('Garden')).toBe(categoryEmoji('garden'));
    expect(categoryEmoji('Other')).toBe(DEFAULT_EMOJI);
  });
});
