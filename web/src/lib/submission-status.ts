import { i18n } from '@/lib/i18n';
import type { SubmissionStatus } from '@/types/api';

export interface StatusLook {
  /** The status in words: a colour alone never tells it. */
  label: string;
  /** The row's class: approved green and rejected red (spec), waiting in the warning colour. */
  row: string;
  badge: string;
}

const LOOKS: Record<SubmissionStatus, Omit<StatusLook, 'label'>> = {
  PENDING: { row: 'list__row--pending', badge: 'badge--warning' },
  APPROVED: { row: 'list__row--approved', badge: 'badge--success' },
  REJECTED: { row: 'list__row--rejected', badge: 'badge--danger' },
};

/** How a submission's row shows its status (its words in the language shown), the same on the child's home and in History. */
export function statusLook(status: SubmissionStatus): StatusLook {
  return { ...LOOKS[status], label: i18n.t(`common:submissionStatus.${status}`) };
}

/** A reviewed item that carries only an approved flag (the dashboard's recent history): approved, else rejected. */
export function reviewedStatus(approved: boolean): SubmissionStatus {
  return approved ? 'APPROVED' : 'REJECTED';
}
