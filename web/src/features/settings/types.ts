/** The signed-in user's family, as GET /organizations/current answers. */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  /** IANA time zone, e.g. "Europe/Berlin". */
  timeZone: string;
  createdAt: string | null;
}

/** The family's reward multipliers, as GET /multipliers answers (each from 0.1 to 5.0, e.g. 1.5). */
export interface MultiplierSettings {
  gradeA: number;
  gradeB: number;
  gradeC: number;
  gradeD: number;
  gradeF: number;
  /** Behaviour ratings averaging 8-10. */
  behaviourExcellent: number;
  /** Behaviour ratings averaging 1-4. */
  behaviourPoor: number;
  streak7: number;
  streak30: number;
  streak90: number;
}
