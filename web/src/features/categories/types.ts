/** A chore category of the family, as GET /categories answers. */
export interface Category {
  id: string;
  name: string;
  description: string;
  /** How many active chores it holds. */
  choreCount: number;
}
