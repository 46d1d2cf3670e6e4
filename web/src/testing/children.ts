import { within } from '@testing-library/react';

import type { Child, Subject } from '@/features/children/types';

/** Children and subjects the way the API sends them. */
export function buildChild(overrides: Partial<Child> = {}): Child {
  return {
    id: 'child-1',
    name: 'Sam',
    firstName: 'Sam',
    lastName: 'Doe',
    user: { email: 'sam@example.com', phone: '' },
    userId: 'user-9',
    dateOfBirth: '2015-03-05',
    birthdayRewardAmount: 10,
    ageGroup: 'CHILD',
    uiTheme: 'KIDS',
    rewardDisplayType: 'MONEY',
    balance: 12.5,
    honestyRating: 5,
    respectRating: 5,
    rulesRating: 5,
    gpa: null,
    gpaLetter: null,
    multiplier: { total: 1, grade: 1, behaviour: 1, streak: 1, bonusesDisabled: false, streakDays: 0 },
    ...overrides,
  };
}

export function buildSubject(overrides: Partial<Subject> = {}): Subject {
  return {
    id: 'subject-1',
    childId: 'child-1',
    name: 'Math',
    teacher: 'Ms. Rivera',
    period: '2nd',
    gradeScale: 'LETTER',
    customScale: '',
    isActive: true,
    currentGrade: 'B',
    currentValue: 3,
    gradePoints: 3,
    grades: [{ grade: 'B', percentage: null, recordedAt: '2024-05-01T10:00:00Z' }],
    ...overrides,
  };
}

/**
 * Opens the tab of a child's card that shows `label` (Money, Chores, School
 * or Profile in English): the card keeps most of its controls behind them.
 * `card` is the card's region.
 */
export async function openCardTab(
  user: { click: (element: Element) => Promise<void> },
  card: HTMLElement,
  label: 'Money' | 'Chores' | 'School' | 'Profile' | (string & {}),
) {
  await user.click(within(card).getByRole('tab', { name: new RegExp(`^${label}\\b`) }));
}
