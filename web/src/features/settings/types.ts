/** The signed-in user's family, as GET /organizations/current answers. */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  /** IANA time zone, e.g. "Europe/Berlin". */
  timeZone: string;
  createdAt: string | null;
}
