import type { Chore, Submission } from '@/types/api';

/** Chores, categories and submissions the way the API sends them. */
export const kitchen = { id: 'cat-k', name: 'Kitchen' };
export const garden = { id: 'cat-g', name: 'Garden' };

export function buildChore(overrides: Partial<Chore> = {}): Chore {
  const category = overrides.category ?? kitchen;
  return {
    id: 'chore-1',
    name: 'Wash dishes',
    description: 'Plates, cups and pans',
    baseReward: 1.5,
    categoryId: category?.id ?? '',
    category,
    frequencyDays: 1,
    requiresPhoto: false,
    isActive: true,
    assignedChildIds: [],
    assignmentMode: 'EACH',
    dueDays: [],
    dueTime: null,
    missedPenalty: 0,
    ...overrides,
  };
}

export function buildSubmission(overrides: Partial<Submission> = {}): Submission {
  return {
    id: 'sub-1',
    chore: buildChore(),
    childId: 'child-1',
    childName: 'Sam',
    baseReward: 1.5,
    boostedReward: 1.5,
    completedAt: '2024-05-01T08:30:00Z',
    submittedAt: '2024-05-01T09:00:00Z',
    notes: '',
    photoUrl: null,
    status: 'PENDING',
    adminNotes: '',
    reviewedAt: null,
    approved: false,
    late: false,
    ...overrides,
  };
}
