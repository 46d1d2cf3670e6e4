import type { components } from '@/types/schema';

type Schemas = components['schemas'];

/** A calendar feed: a parent's list holds the family's, a child's their own (its URL is answered only when made). */
export type CalendarFeed = Schemas['CalendarFeed'];
/** A feed just made, with its URL, shown this once. */
export type CreatedCalendarFeed = Schemas['CreatedCalendarFeed'];
