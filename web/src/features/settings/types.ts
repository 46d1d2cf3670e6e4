import type { components } from '@/types/schema';

type Schemas = components['schemas'];

/** The signed-in user's family, as GET /organizations/current answers (timeZone: IANA, e.g. "Europe/Berlin"). */
export type Organization = Schemas['Organization'];

/**
 * The family's reward multipliers, as GET and PUT /multipliers carry them
 * (each from 0.1 to 5.0, e.g. 1.5; behaviourExcellent for ratings averaging
 * 8-10, behaviourPoor for 1-4).
 */
export type MultiplierSettings = Schemas['Multipliers'];
