import { afterEach, describe, expect, it } from 'vitest';

import { i18n } from './i18n';
import { formatFactor, multiplierSummary, payPreviewText } from './multipliers';
import type { ChildMultiplier } from '@/types/api';

const neutral: ChildMultiplier = { total: 1, grade: 1, behaviour: 1, streak: 1, bonusesDisabled: false, streakDays: 0 };

describe('multipliers in plain words', () => {
  it('show their thousandths exactly, at least one decimal', () => {
    expect([1, 1.5, 1.25, 1.875].map(formatFactor)).toEqual(['1.0', '1.5', '1.25', '1.875']);
  });

  it('name only the parts that change a reward', () => {
    expect(multiplierSummary({ ...neutral, total: 1.92, grade: 1.6, behaviour: 1.2 })).toBe(
      '× 1.92: grades × 1.6, behaviour × 1.2',
    );
    expect(multiplierSummary({ ...neutral, total: 1.1, streak: 1.1, streakDays: 9 })).toBe('× 1.1: 9-day streak × 1.1');
    expect(multiplierSummary({ ...neutral, streakDays: 3 })).toBe('× 1.0: no bonus or penalty right now');
  });
});

describe('payPreviewText', () => {
  it('says what one part makes of the base reward', () => {
    expect(payPreviewText(5, { reward: 7.5, multiplier: { ...neutral, total: 1.5, grade: 1.5 } }, 'MONEY')).toBe(
      '$5.00 × 1.5 for grades = $7.50',
    );
    expect(payPreviewText(5, { reward: 4, multiplier: { ...neutral, total: 0.8, behaviour: 0.8 } }, null)).toBe(
      '$5.00 × 0.8 for behaviour = $4.00',
    );
  });

  it('lists several parts after the total factor', () => {
    const multiplier = { ...neutral, total: 1.8, grade: 1.5, behaviour: 1.2 };
    expect(payPreviewText(3.33, { reward: 5.99, multiplier }, 'MONEY')).toBe(
      '$3.33 × 1.8 (grades × 1.5, behaviour × 1.2) = $5.99',
    );
  });

  it('speaks the child’s unit, and says when nothing changes the reward', () => {
    expect(payPreviewText(2, { reward: 2, multiplier: neutral }, 'POINTS')).toBe(
      '2.00 pts, no bonus or penalty right now',
    );
  });
});

describe('in Spanish and German', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('name the parts and write the factors the language’s way', async () => {
    await i18n.changeLanguage('es');
    expect(multiplierSummary({ ...neutral, total: 1.92, grade: 1.6, behaviour: 1.2 })).toBe(
      '× 1,92: notas × 1,6, comportamiento × 1,2',
    );
    expect(multiplierSummary({ ...neutral, total: 1.1, streak: 1.1, streakDays: 1 })).toBe('× 1,1: racha de 1 día × 1,1');
    expect(payPreviewText(5, { reward: 7.5, multiplier: { ...neutral, total: 1.5, grade: 1.5 } }, 'MONEY')).toBe(
      '5,00\u00a0US$ × 1,5 por notas = 7,50\u00a0US$',
    );
    await i18n.changeLanguage('de');
    expect(multiplierSummary({ ...neutral, total: 1.1, streak: 1.1, streakDays: 9 })).toBe('× 1,1: 9 Tage in Folge × 1,1');
    expect(payPreviewText(2, { reward: 2, multiplier: neutral }, 'POINTS')).toBe(
      '2,00 Pkt., derzeit kein Bonus und kein Abzug',
    );
  });
});
