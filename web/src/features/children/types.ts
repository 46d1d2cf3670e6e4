import type { components } from '@/types/schema';

export type { AgeGroup, Child, ChildMultiplier, GradeLetter, RewardDisplayType } from '@/types/api';

type Schemas = components['schemas'];

export type ChildUiTheme = Schemas['Child']['uiTheme'];

/** A school subject of a child, as GET /subjects/{childId} answers (active first). */
export type Subject = Schemas['SubjectView'];
/** One grade recorded for a subject. */
export type SubjectGrade = Schemas['GradeView'];
export type GradeScale = Subject['gradeScale'];

/** A child's own device, signed in through a sign-in code (GET /children/{id}/devices, newest first). */
export type ChildDevice = Schemas['ChildDevice'];

/** A one-time sign-in code for one of the child's devices: it works once, for 15 minutes. */
export type DeviceLink = Schemas['DeviceLink'];
