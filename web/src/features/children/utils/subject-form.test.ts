import { describe, expect, it } from 'vitest';

import {
  activeFirst,
  parseCustomScale,
  percentageInvalid,
  pointsInvalid,
  serializeCustomScale,
  subjectFormOf,
  thresholdInvalid,
  toGradeInput,
  toSubjectInput,
  validateGrade,
  validateSubject,
} from './subject-form';
import { buildSubject } from '@/testing/children';

const noErrors = (errors: Partial<Record<string, string>>) => Object.values(errors).filter(Boolean);

describe('custom scale', () => {
  it('reads thresholds and points, keeping only numbers of known letters', () => {
    expect(
      parseCustomScale('{"thresholds":{"A":93,"B":"85","E":50},"points":{"A":5,"F":0},"other":1}'),
    ).toEqual({ thresholds: { A: 93 }, points: { A: 5, F: 0 } });
  });

  it('treats empty or unreadable text as the defaults', () => {
    expect(parseCustomScale('')).toEqual({});
    expect(parseCustomScale('not json')).toEqual({});
    expect(parseCustomScale('[1,2]')).toEqual({});
    expect(parseCustomScale('null')).toEqual({});
  });

  it('writes only what differs from the defaults, and nothing for none', () => {
    expect(serializeCustomScale({})).toBe('');
    expect(serializeCustomScale({ thresholds: {}, points: {} })).toBe('');
    expect(serializeCustomScale({ points: { A: 5 } })).toBe('{"points":{"A":5}}');
  });
});

describe('validateSubject', () => {
  const valid = { ...subjectFormOf(null), name: 'Math' };

  it('requires the name and a grade scale', () => {
    expect(validateSubject({ ...valid, name: ' ', gradeScale: '' })).toMatchObject({
      name: 'Name is required',
      gradeScale: 'Grade scale is required',
    });
    expect(noErrors(validateSubject(valid))).toEqual([]);
  });

  it('checks thresholds from 0 to 100 for percentage subjects only', () => {
    const percentage = { ...valid, gradeScale: 'PERCENTAGE' };
    expect(validateSubject({ ...percentage, thresholdA: '0', thresholdB: '100', thresholdC: '72.5' })).toMatchObject({
      thresholdA: undefined,
      thresholdB: undefined,
      thresholdC: undefined,
    });
    expect(validateSubject({ ...percentage, thresholdD: '-1' }).thresholdD).toBe(thresholdInvalid());
    expect(validateSubject({ ...percentage, thresholdA: '100.01' }).thresholdA).toBe(thresholdInvalid());
    expect(validateSubject({ ...valid, thresholdA: '500' }).thresholdA).toBeUndefined();
  });

  it('uses the product texts', () => {
    expect(thresholdInvalid()).toBe('Thresholds must be from 0 to 100');
    expect(pointsInvalid()).toBe('GPA values must be from 0 to 5 in steps of 0.1');
  });

  it('checks GPA values from 0 to 5 in steps of 0.1', () => {
    for (const value of ['0', '5', '4.5', '3.0', '']) {
      expect(validateSubject({ ...valid, pointsA: value }).pointsA).toBeUndefined();
    }
    for (const value of ['5.1', '4.25', '-1', 'x']) {
      expect(validateSubject({ ...valid, pointsF: value }).pointsF).toBe(pointsInvalid());
    }
  });
});

describe('subject form values', () => {
  it('start as a letter subject with the default scale', () => {
    expect(toSubjectInput({ ...subjectFormOf(null), name: ' Art ' })).toEqual({
      name: 'Art',
      teacher: '',
      period: '',
      gradeScale: 'LETTER',
      customScale: '',
    });
  });

  it('round-trip a subject and drop thresholds when it becomes a letter subject', () => {
    const customScale = '{"thresholds":{"A":95},"points":{"A":4.5}}';
    const subject = buildSubject({ gradeScale: 'PERCENTAGE', customScale });
    const values = subjectFormOf(subject);
    expect(values).toMatchObject({ thresholdA: '95', pointsA: '4.5', thresholdB: '' });
    expect(toSubjectInput(values).customScale).toBe(customScale);
    expect(toSubjectInput({ ...values, gradeScale: 'LETTER' }).customScale).toBe('{"points":{"A":4.5}}');
  });
});

describe('grades', () => {
  it('takes a letter for letter subjects', () => {
    expect(validateGrade('LETTER', { grade: '' }).grade).toBe('Please choose a grade');
    expect(validateGrade('LETTER', { grade: 'E' }).grade).toBe('Please choose a grade');
    expect(validateGrade('LETTER', { grade: 'F' }).grade).toBeUndefined();
    expect(toGradeInput('LETTER', { grade: 'B' })).toEqual({ grade: 'B' });
  });

  it('takes a percentage from 0 to 100 with two decimals at most for percentage subjects', () => {
    const check = (value: string) => validateGrade('PERCENTAGE', { grade: value }).grade;
    for (const value of ['0', '100', '87.25', '87.50']) expect(check(value)).toBeUndefined();
    for (const value of ['', '100.01', '87.255', '-1', 'A']) expect(check(value)).toBe(percentageInvalid());
    expect(percentageInvalid()).toBe('Percentage must be from 0 to 100 with at most two decimals');
    expect(toGradeInput('PERCENTAGE', { grade: ' 87.25 ' })).toEqual({ percentage: 87.25 });
  });
});

describe('activeFirst', () => {
  it('puts archived subjects after the active ones, keeping the order otherwise', () => {
    const list = [
      buildSubject({ id: '1', isActive: false }),
      buildSubject({ id: '2' }),
      buildSubject({ id: '3', isActive: false }),
      buildSubject({ id: '4' }),
    ];
    expect(activeFirst(list).map((subject) => subject.id)).toEqual(['2', '4', '1', '3']);
  });
});
