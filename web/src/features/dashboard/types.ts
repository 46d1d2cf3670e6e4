/** GET /dashboard/stats, as read by the parent dashboard. Money is in dollars. */
export interface ChoreActivity {
  chore: { id: string; name: string; category: { name: string } | null };
  completions: number;
}

export interface ChildOverview {
  id: string;
  name: string;
  balance: number;
  pendingSubmissions: number;
  completedThisMonth: number;
  completedLast30Days: number;
}

export interface AdminDashboardStats {
  totalChildren: number;
  totalPendingSubmissions: number;
  totalBalance: number;
  totalPaidOutThisMonth: number;
  mostActiveChores: ChoreActivity[];
  leastActiveChores: ChoreActivity[];
  children: ChildOverview[];
  role?: string;
}

/** GET /dashboard/stats, as read by the child dashboard. */
export interface ChildHistoryItem {
  id: string;
  chore: { name: string; category: { name: string } | null };
  approved: boolean;
  boostedReward: number;
  reviewedAt: string | null;
}

/** What a child earned in one week (Monday first). */
export interface WeekEarnings {
  /** YYYY-MM-DD */
  weekStart: string;
  amount: number;
}

export interface ChildDashboardStats {
  balance: number;
  pendingSubmissions: number;
  completedThisMonth: number;
  earnedThisMonth: number;
  recentHistory: ChildHistoryItem[];
  /** The last 8 weeks, oldest first. */
  weeklyEarnings: WeekEarnings[];
}
