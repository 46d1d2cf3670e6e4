import type { components } from '@/types/schema';

type Schemas = components['schemas'];

/** GET /dashboard/stats, as read by the parent dashboard. Money is in dollars. */
export type AdminDashboardStats = Schemas['ParentDashboard'];
/** A chore with how often it was completed over the last 30 days (an empty category name: none). */
export type ChoreActivity = Schemas['ChoreActivityView'];
export type ChildOverview = Schemas['ChildOverview'];
/** A savings goal with its progress from the save jar. */
export type ChildGoal = Schemas['GoalView'];

/** GET /dashboard/stats, as read by the child dashboard. */
export type ChildDashboardStats = Schemas['ChildDashboard'];
export type ChildHistoryItem = Schemas['RecentActivity'];
/** What a child earned in one week (weekStart: the Monday, YYYY-MM-DD). */
export type WeekEarnings = Schemas['WeekEarningsView'];
