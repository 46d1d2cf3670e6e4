import type { SubjectInput } from '../api/create-subject';
import type { GradeInput } from '../api/grade-subject';
import type { GradeLetter, GradeScale, Subject } from '../types';
import { i18n } from '@/lib/i18n';
import { choiceOf, isBlank, parseDecimal, type DecimalRange, type FieldErrors } from '@/lib/validation';

export const GRADE_LETTERS = ['A', 'B', 'C', 'D', 'F'] as const satisfies readonly GradeLetter[];
export type Letter = (typeof GRADE_LETTERS)[number];

/** F is whatever falls below D's threshold. */
export const THRESHOLD_LETTERS = ['A', 'B', 'C', 'D'] as const;
export type ThresholdLetter = (typeof THRESHOLD_LETTERS)[number];

/** The defaults an empty custom scale stands for (spec §9). */
export const DEFAULT_THRESHOLDS: Record<ThresholdLetter, number> = { A: 90, B: 80, C: 70, D: 60 };
export const DEFAULT_POINTS: Record<Letter, number> = { A: 4, B: 3, C: 2, D: 1, F: 0 };

const GRADE_SCALES = ['LETTER', 'PERCENTAGE'] as const satisfies readonly GradeScale[];
type KnownGradeScale = (typeof GRADE_SCALES)[number];

/** "Letter (A-F)" or "Percentage". */
export function gradeScaleLabel(scale: KnownGradeScale): string {
  return i18n.t(`children:gradeScales.${scale}`);
}

export const gradeScaleOptions = () => GRADE_SCALES.map((value) => ({ value, label: gradeScaleLabel(value) }));
export const GRADE_OPTIONS = GRADE_LETTERS.map((letter) => ({ value: letter, label: letter }));

export const THRESHOLD_RANGE: DecimalRange = { min: 0, max: 100, decimals: 2 };
export const POINTS_RANGE: DecimalRange = { min: 0, max: 5, decimals: 1 };
export const PERCENTAGE_RANGE: DecimalRange = { min: 0, max: 100, decimals: 2 };

/** The messages of the subject and grade forms, in the interface language. */
export const thresholdInvalid = () => i18n.t('validation:thresholdsInvalid');
export const pointsInvalid = () => i18n.t('validation:pointsInvalid');
export const percentageInvalid = () => i18n.t('validation:percentageInvalid');

/** The custom scale a subject keeps as JSON text; what is left out takes the default. */
export interface CustomScale {
  /** The lowest percentage that earns each letter. */
  thresholds?: Partial<Record<ThresholdLetter, number>>;
  /** Weighted GPA values, e.g. 5.0 for an honours A. */
  points?: Partial<Record<Letter, number>>;
}

type ThresholdField = `threshold${ThresholdLetter}`;
type PointsField = `points${Letter}`;

/** The Add Subject and Edit Subject form, as typed; an empty threshold or value means the default. */
export type SubjectFormValues = {
  name: string;
  teacher: string;
  period: string;
  gradeScale: string;
} & Record<ThresholdField, string> &
  Record<PointsField, string>;

export const thresholdField = (letter: ThresholdLetter): ThresholdField => `threshold${letter}`;
export const pointsField = (letter: Letter): PointsField => `points${letter}`;

function numbersOf<Key extends string>(value: unknown, keys: readonly Key[]): Partial<Record<Key, number>> {
  const result: Partial<Record<Key, number>> = {};
  if (typeof value !== 'object' || value === null) return result;
  for (const key of keys) {
    const number = (value as Record<string, unknown>)[key];
    if (typeof number === 'number' && Number.isFinite(number)) result[key] = number;
  }
  return result;
}

/** Reads a subject's custom scale; empty or unreadable text is the default scale ({}). */
export function parseCustomScale(text: string | null | undefined): CustomScale {
  if (!text?.trim()) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const { thresholds, points } = raw as Record<string, unknown>;
  const scale: CustomScale = {};
  const readThresholds = numbersOf(thresholds, THRESHOLD_LETTERS);
  const readPoints = numbersOf(points, GRADE_LETTERS);
  if (Object.keys(readThresholds).length > 0) scale.thresholds = readThresholds;
  if (Object.keys(readPoints).length > 0) scale.points = readPoints;
  return scale;
}

/** The JSON text of a custom scale; empty when it holds nothing (the defaults). */
export function serializeCustomScale(scale: CustomScale): string {
  const parts: CustomScale = {};
  if (scale.thresholds && Object.keys(scale.thresholds).length > 0) parts.thresholds = scale.thresholds;
  if (scale.points && Object.keys(scale.points).length > 0) parts.points = scale.points;
  return Object.keys(parts).length > 0 ? JSON.stringify(parts) : '';
}

export function subjectFormOf(subject: Subject | null): SubjectFormValues {
  const scale = parseCustomScale(subject?.customScale);
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    name: subject?.name ?? '',
    teacher: subject?.teacher ?? '',
    period: subject?.period ?? '',
    gradeScale: subject?.gradeScale ?? 'LETTER',
    thresholdA: text(scale.thresholds?.A),
    thresholdB: text(scale.thresholds?.B),
    thresholdC: text(scale.thresholds?.C),
    thresholdD: text(scale.thresholds?.D),
    pointsA: text(scale.points?.A),
    pointsB: text(scale.points?.B),
    pointsC: text(scale.points?.C),
    pointsD: text(scale.points?.D),
    pointsF: text(scale.points?.F),
  };
}

const isPercentage = (values: SubjectFormValues) => values.gradeScale === 'PERCENTAGE';

/**
 * Name and grade scale required (spec §5); thresholds (PERCENTAGE subjects
 * only) from 0 to 100, weighted GPA values from 0 to 5 in steps of 0.1.
 */
export function validateSubject(values: SubjectFormValues): FieldErrors<keyof SubjectFormValues> {
  const check = (value: string, range: DecimalRange, message: string) =>
    isBlank(value) || parseDecimal(value, range) !== null ? undefined : message;
  const errors: FieldErrors<keyof SubjectFormValues> = {
    name: isBlank(values.name) ? i18n.t('validation:nameRequired') : undefined,
    gradeScale: (GRADE_SCALES as readonly string[]).includes(values.gradeScale)
      ? undefined
      : i18n.t('validation:gradeScaleRequired'),
  };
  if (isPercentage(values)) {
    for (const letter of THRESHOLD_LETTERS) {
      errors[thresholdField(letter)] = check(values[thresholdField(letter)], THRESHOLD_RANGE, thresholdInvalid());
    }
  }
  for (const letter of GRADE_LETTERS) {
    errors[pointsField(letter)] = check(values[pointsField(letter)], POINTS_RANGE, pointsInvalid());
  }
  return errors;
}

function filled<Key extends string>(keys: readonly Key[], valueOf: (key: Key) => string, range: DecimalRange) {
  const result: Partial<Record<Key, number>> = {};
  for (const key of keys) {
    const number = parseDecimal(valueOf(key), range);
    if (number !== null) result[key] = number;
  }
  return result;
}

/** The body of POST and PUT /subjects; thresholds are kept for PERCENTAGE subjects only. */
export function toSubjectInput(values: SubjectFormValues): SubjectInput {
  return {
    name: values.name.trim(),
    teacher: values.teacher.trim(),
    period: values.period.trim(),
    gradeScale: choiceOf(values.gradeScale, GRADE_SCALES),
    customScale: serializeCustomScale({
      thresholds: isPercentage(values)
        ? filled(THRESHOLD_LETTERS, (letter) => values[thresholdField(letter)], THRESHOLD_RANGE)
        : undefined,
      points: filled(GRADE_LETTERS, (letter) => values[pointsField(letter)], POINTS_RANGE),
    }),
  };
}

/** Active subjects first, then the archived; otherwise in the order given. */
export function activeFirst(subjects: readonly Subject[]): Subject[] {
  return [...subjects.filter((subject) => subject.isActive), ...subjects.filter((subject) => !subject.isActive)];
}

/** The grade being recorded for a subject: a letter, or a percentage as typed. */
export interface GradeFormValues {
  grade: string;
}

export function validateGrade(scale: GradeScale, values: GradeFormValues): FieldErrors<keyof GradeFormValues> {
  if (scale === 'PERCENTAGE') {
    return { grade: parseDecimal(values.grade, PERCENTAGE_RANGE) === null ? percentageInvalid() : undefined };
  }
  return {
    grade: (GRADE_LETTERS as readonly string[]).includes(values.grade) ? undefined : i18n.t('validation:gradeRequired'),
  };
}

/** The body of POST /subjects/{id}/grade. Call it on valid values only. */
export function toGradeInput(scale: GradeScale, values: GradeFormValues): GradeInput {
  if (scale === 'PERCENTAGE') return { percentage: parseDecimal(values.grade, PERCENTAGE_RANGE) ?? 0 };
  return { grade: choiceOf(values.grade, GRADE_LETTERS) };
}
