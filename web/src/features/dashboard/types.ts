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

export interface ChildDashboardStats {
  balance: number;
  pendingSubmissions: number;
  completedThisMonth: number;
  earnedThisMonth: number;
  recentHistory: ChildHistoryItem[];
}
