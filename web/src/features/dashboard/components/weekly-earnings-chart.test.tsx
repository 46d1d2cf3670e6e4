import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { barLengths, WeeklyEarningsChart } from './weekly-earnings-chart';

const weeks = (...amounts: number[]) =>
  amounts.map((amount, index) => ({ weekStart: `2024-04-${String(index * 7 + 1).padStart(2, '0')}`, amount }));

const day = (date: number) => new Date(2024, 3, date).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

describe('WeeklyEarningsChart', () => {
  it('labels every bar with its week and its amount, in the child’s unit', () => {
    render(<WeeklyEarningsChart weeks={weeks(0, 2.5, 10)} unit="POINTS" />);
    const chart = screen.getByRole('img', { name: /^Earnings per week over the last 3 weeks: 12\.50 pts in total/ });
    const rows = Array.from(chart.querySelectorAll('.earnings-chart__row'));
    expect(rows.map((row) => row.querySelector('.earnings-chart__week')?.textContent)).toEqual([day(1), day(8), day(15)]);
    expect(rows.map((row) => row.querySelector('.earnings-chart__value')?.textContent)).toEqual([
      '0.00 pts',
      '2.50 pts',
      '10.00 pts',
    ]);
  });

  it('says there are no earnings yet, with no chart, when every week is zero', () => {
    render(<WeeklyEarningsChart weeks={weeks(0, 0, 0, 0, 0, 0, 0, 0)} unit="MONEY" />);
    expect(screen.getByText('No earnings yet')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says the same with no weeks at all', () => {
    render(<WeeklyEarningsChart weeks={[]} unit={null} />);
    expect(screen.getByText('No earnings yet')).toBeTruthy();
  });
});

describe('barLengths', () => {
  it('makes the best week the longest bar and the others in proportion', () => {
    expect(barLengths(weeks(0, 1.5, 6, 2))).toEqual([0, 25, 100, 33.3]);
  });

  it('draws a week below zero as no bar', () => {
    expect(barLengths(weeks(-2, 4))).toEqual([0, 100]);
  });
});
