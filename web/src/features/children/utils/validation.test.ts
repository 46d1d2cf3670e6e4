import { describe, expect, it } from 'vitest';

import { emptyChildForm, toInviteChildInput } from './form-values';
import {
  ratingsInvalid,
  validateChildPassword,
  validateEditChild,
  validateInviteChild,
  validateRatings,
  type ChildFormValues,
} from './validation';

const NOW = new Date(2024, 5, 15, 12, 0, 0);

function form(overrides: Partial<ChildFormValues> = {}): ChildFormValues {
  return { ...emptyChildForm(), firstName: 'Sam', email: 'sam@example.com', ...overrides };
}

const noErrors = (errors: Partial<Record<string, string>>) => Object.values(errors).filter(Boolean);

describe('validateInviteChild', () => {
  it('requires the first name', () => {
    const errors = validateInviteChild(form({ firstName: ' ', email: '' }), NOW);
    expect(errors.firstName).toBe('First name is required');
  });

  it('leaves the email optional: a child without one signs in with a sign-in code', () => {
    expect(validateInviteChild(form({ email: '' }), NOW).email).toBeUndefined();
    expect(validateInviteChild(form({ email: '   ' }), NOW).email).toBeUndefined();
  });

  it('checks the email format when one is given (a teen who wants their own email login)', () => {
    expect(validateInviteChild(form({ email: 'sam@' }), NOW).email).toBe('Please enter a valid email address');
  });

  it('leaves last name, display name, phone and birthday optional', () => {
    expect(noErrors(validateInviteChild(form(), NOW))).toEqual([]);
  });

  it('needs a birthday reward of 0 or more with at most two decimals', () => {
    const reward = (value: string) => validateInviteChild(form({ birthdayRewardAmount: value }), NOW).birthdayRewardAmount;
    expect(reward('0')).toBeUndefined();
    expect(reward('12.5')).toBeUndefined();
    expect(reward('12.55')).toBeUndefined();
    expect(reward('')).toBe('Birthday reward is required');
    expect(reward('ten')).toBe('Birthday reward must be a number');
    expect(reward('1e3')).toBe('Birthday reward must be a number');
    expect(reward('-1')).toBe('Birthday reward cannot be negative');
    expect(reward('1.005')).toBe('Birthday reward can have at most two decimals');
  });

  it('refuses impossible and future birthdays', () => {
    const birthday = (value: string) => validateInviteChild(form({ dateOfBirth: value }), NOW).dateOfBirth;
    expect(birthday('2015-03-05')).toBeUndefined();
    expect(birthday('2024-06-15')).toBeUndefined();
    expect(birthday('2024-06-16')).toBe('Birthday cannot be in the future');
    expect(birthday('2015-02-30')).toBe('Please enter a valid date');
  });
});

describe('validateEditChild', () => {
  it('requires the email of a child who signs in with it, but not the first name', () => {
    const errors = validateEditChild(form({ firstName: '', email: '' }), NOW);
    expect(errors.email).toBe('Email is required');
    expect(noErrors({ ...errors, email: undefined })).toEqual([]);
  });

  it('lets a child added without an email stay without one, and checks one given', () => {
    const optional = { emailRequired: false };
    expect(validateEditChild(form({ email: '' }), NOW, optional).email).toBeUndefined();
    expect(validateEditChild(form({ email: 'nina@' }), NOW, optional).email).toBe('Please enter a valid email address');
  });
});

describe('toInviteChildInput', () => {
  it('sends an empty email for a child added without one', () => {
    expect(toInviteChildInput(form({ firstName: 'Nina', email: '  ' })).email).toBe('');
  });

  it('starts from the spec defaults and trims what was typed', () => {
    expect(toInviteChildInput(form({ firstName: ' Sam ', email: ' sam@example.com ' }))).toEqual({
      firstName: 'Sam',
      lastName: '',
      name: '',
      email: 'sam@example.com',
      phone: '',
      dateOfBirth: null,
      birthdayRewardAmount: 10,
      ageGroup: 'CHILD',
      uiTheme: 'KIDS',
      rewardDisplayType: 'MONEY',
    });
  });

  it('keeps a display name that was typed and rounds the reward to cents', () => {
    const input = toInviteChildInput(form({ name: 'Sammy', birthdayRewardAmount: '7.5', dateOfBirth: '2015-03-05' }));
    expect(input.name).toBe('Sammy');
    expect(input.birthdayRewardAmount).toBe(7.5);
    expect(input.dateOfBirth).toBe('2015-03-05');
  });
});

describe('validateRatings', () => {
  const ratings = { honestyRating: '8', respectRating: '7', rulesRating: '9' };

  it('accepts whole numbers from 1 to 10', () => {
    expect(noErrors(validateRatings(ratings))).toEqual([]);
    expect(noErrors(validateRatings({ honestyRating: '1', respectRating: '10', rulesRating: ' 5 ' }))).toEqual([]);
  });

  it.each(['0', '11', '7.5', '', 'abc', '-3'])('refuses %j', (value) => {
    expect(validateRatings({ ...ratings, respectRating: value })).toEqual({
      honestyRating: undefined,
      respectRating: ratingsInvalid(),
      rulesRating: undefined,
    });
  });

  it('uses the product text', () => {
    expect(ratingsInvalid()).toBe('Ratings must be whole numbers from 1 to 10');
  });
});

describe('validateChildPassword', () => {
  it('takes a password of at least 6 characters, typed twice', () => {
    expect(noErrors(validateChildPassword({ password: 'kidsecret', confirmPassword: 'kidsecret' }))).toEqual([]);
    expect(validateChildPassword({ password: 'kid', confirmPassword: 'kids' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(validateChildPassword({ password: '', confirmPassword: '' }).password).toBe('Password is required');
  });
});
