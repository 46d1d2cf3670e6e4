import type {
  AdminDashboardStats,
  ChildGoal,
  ChildDashboardStats,
  ChildHistoryItem,
  ChildOverview,
  ChoreActivity,
  WeekEarnings,
} from '../types';
import { choiceOf } from '@/lib/validation';

type Loose = Record<string, unknown>;

function asObject(value: unknown): Loose {
  return typeof value === 'object' && value !== null ? (value as Loose) : {};
}

function asNumber(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

function asString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A category's name; empty when there is none. */
function category(value: unknown): { name: string } {
  return { name: asString(asObject(value).name) };
}

function choreActivity(value: unknown): ChoreActivity {
  const item = asObject(value);
  const chore = asObject(item.chore);
  return {
    chore: { id: asString(chore.id), name: asString(chore.name), category: category(chore.category) },
    completions: asNumber(item.completions),
  };
}

/** What each jar holds; zero where the answer says nothing. */
function jars(value: unknown): { spend: number; save: number; give: number } {
  const item = asObject(value);
  return { spend: asNumber(item.spend), save: asNumber(item.save), give: asNumber(item.give) };
}

/** A savings goal; one without an id is left out. */
function goal(value: unknown): ChildGoal {
  const item = asObject(value);
  return {
    id: asString(item.id),
    childId: asString(item.childId),
    name: asString(item.name),
    emoji: asString(item.emoji),
    target: asNumber(item.target),
    saved: asNumber(item.saved),
    percent: Math.min(Math.max(asNumber(item.percent), 0), 100),
    reachedAt: typeof item.reachedAt === 'string' ? item.reachedAt : null,
    createdAt: typeof item.createdAt === 'string' ? item.createdAt : null,
  };
}

function goals(value: unknown): ChildGoal[] {
  return asArray(value)
    .map(goal)
    .filter((g) => g.id !== '');
}

function childOverview(value: unknown): ChildOverview {
  const item = asObject(value);
  return {
    id: asString(item.id),
    name: asString(item.name),
    balance: asNumber(item.balance),
    jars: jars(item.jars),
    pendingSubmissions: asNumber(item.pendingSubmissions),
    completedThisMonth: asNumber(item.completedThisMonth),
    completedLast30Days: asNumber(item.completedLast30Days),
    missedLast30Days: asNumber(item.missedLast30Days),
    goals: goals(item.goals),
  };
}

function historyItem(value: unknown): ChildHistoryItem {
  const item = asObject(value);
  const chore = asObject(item.chore);
  return {
    id: asString(item.id),
    chore: { name: asString(chore.name), category: category(chore.category) },
    approved: item.approved === true,
    boostedReward: asNumber(item.boostedReward),
    reviewedAt: typeof item.reviewedAt === 'string' ? item.reviewedAt : null,
  };
}

function weekEarnings(value: unknown): WeekEarnings {
  const item = asObject(value);
  return { weekStart: asString(item.weekStart), amount: asNumber(item.amount) };
}

/** Fills every missing or malformed field with zero or an empty list. */
export function normalizeAdminStats(raw: unknown): AdminDashboardStats {
  const data = asObject(raw);
  return {
    totalChildren: asNumber(data.totalChildren),
    totalPendingSubmissions: asNumber(data.totalPendingSubmissions),
    pendingStoreRequests: asNumber(data.pendingStoreRequests),
    totalBalance: asNumber(data.totalBalance),
    totalPaidOutThisMonth: asNumber(data.totalPaidOutThisMonth),
    mostActiveChores: asArray(data.mostActiveChores).map(choreActivity),
    leastActiveChores: asArray(data.leastActiveChores).map(choreActivity),
    children: asArray(data.children).map(childOverview),
    role: choiceOf(asString(data.role), ['ORG_ADMIN', 'SUPER_ADMIN', 'ORG_MEMBER'] as const),
  };
}

export function normalizeChildStats(raw: unknown): ChildDashboardStats {
  const data = asObject(raw);
  return {
    balance: asNumber(data.balance),
    jars: jars(data.jars),
    pendingSubmissions: asNumber(data.pendingSubmissions),
    completedThisMonth: asNumber(data.completedThisMonth),
    earnedThisMonth: asNumber(data.earnedThisMonth),
    recentHistory: asArray(data.recentHistory).map(historyItem),
    weeklyEarnings: asArray(data.weeklyEarnings).map(weekEarnings),
    goals: goals(data.goals),
    role: choiceOf(asString(data.role), ['ORG_MEMBER', 'ORG_ADMIN', 'SUPER_ADMIN'] as const),
  };
}
