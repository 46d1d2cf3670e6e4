/**
 * The cache keys of every server resource, in one place: screens reading the
 * same resource share its data, and a change names what it makes stale.
 * Keys are hierarchical: invalidating ['submissions'] covers the queue, the
 * history and the availability.
 */
export const queryKeys = {
  currentUser: ['users', 'me'] as const,
  invitation: (code: string) => ['invitation', code] as const,
  children: ['children'] as const,
  childInvite: (childId: string) => ['children', childId, 'invite'] as const,
  /** A child's own devices, signed in through sign-in codes (parents). */
  childDevices: (childId: string) => ['children', childId, 'devices'] as const,
  subjects: {
    all: ['subjects'] as const,
    of: (childId: string) => ['subjects', childId] as const,
  },
  categories: ['categories'] as const,
  chores: ['chores'] as const,
  /** Under chores: a change of chores makes them stale too. */
  turns: (choreId: string) => ['chores', choreId, 'turns'] as const,
  submissions: ['submissions'] as const,
  pendingSubmissions: ['submissions', 'pending'] as const,
  history: ['submissions', 'history'] as const,
  availability: ['submissions', 'availability'] as const,
  /** Each child's chores of today: under submissions, as a submission or a review changes them. */
  today: ['submissions', 'today'] as const,
  /** Who does what in a week (`from`, or the current one): under today, so whatever changes today changes it. */
  week: (from: string | undefined) => ['submissions', 'today', 'week', from ?? 'current'] as const,
  /** Missed chores (a child's own, or the family's for parents). */
  missed: ['missed'] as const,
  dashboardStats: ['dashboard', 'stats'] as const,
  payouts: ['payouts'] as const,
  /** A child's jars (spend, save, give) and split. */
  jars: {
    all: ['jars'] as const,
    of: (childId: string) => ['jars', childId] as const,
  },
  /** A child's savings goals. */
  goals: {
    all: ['goals'] as const,
    of: (childId: string) => ['goals', childId] as const,
  },
  /** A child's statement (payslip) of some days. */
  statements: ['statement'] as const,
  statement: (childId: string, from: string, to: string) => ['statement', childId, from, to] as const,
  /** The reward store: its items, and the requests for them (all, or of one status). */
  store: {
    all: ['store'] as const,
    items: ['store', 'items'] as const,
    redemptions: ['store', 'redemptions'] as const,
    redemptionsOf: (status: string | undefined) => ['store', 'redemptions', status ?? 'all'] as const,
  },
  /** A child's allowance and interest. */
  allowance: {
    all: ['allowance'] as const,
    of: (childId: string) => ['allowance', childId] as const,
    interestOf: (childId: string) => ['allowance', childId, 'interest'] as const,
  },
  organization: ['organization'] as const,
  multipliers: ['multipliers'] as const,
  members: ['members'] as const,
  inviteCodes: ['invite-codes'] as const,
  /** The family's tablets (parents). */
  tablets: ['tablets'] as const,
  /** The family board a tablet shows, with its device token (each child's chores of today). */
  tabletBoard: (deviceToken: string) => ['tablet', 'board', deviceToken] as const,
  /** The family's webhook endpoints (parents), and each one's deliveries beneath. */
  webhooks: ['webhooks'] as const,
  webhookDeliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
  /** The signed-in user's notification centre, and their notification settings. */
  notifications: ['notifications'] as const,
  notificationSettings: ['users', 'me', 'notifications'] as const,
  /** The signed-in user's own calendar feeds. */
  calendarFeeds: ['calendar-feeds'] as const,
  admin: {
    all: ['admin'] as const,
    stats: ['admin', 'stats'] as const,
    organizations: (query: object) => ['admin', 'organizations', query] as const,
    organization: (id: string) => ['admin', 'organization', id] as const,
    users: (query: object) => ['admin', 'users', query] as const,
  },
};
