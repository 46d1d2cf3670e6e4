/** Every route of the app, in one place. Use getHref() to build links. */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  auth: {
    login: {
      path: '/login',
      getHref: () => '/login',
    },
    register: {
      path: '/register',
      getHref: () => '/register',
    },
    invite: {
      path: '/invite/:code',
      getHref: (code: string) => `/invite/${encodeURIComponent(code)}`,
    },
    acceptInvite: {
      path: '/accept-invite/:code',
      getHref: (code: string) => `/accept-invite/${encodeURIComponent(code)}`,
    },
    forgotPassword: {
      path: '/forgot-password',
      getHref: () => '/forgot-password',
    },
    /** The links mailed by the server (built on its PUBLIC_URL). */
    resetPassword: {
      path: '/reset-password/:token',
      getHref: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
    },
    verifyEmail: {
      path: '/verify-email/:token',
      getHref: (token: string) => `/verify-email/${encodeURIComponent(token)}`,
    },
    /**
     * A child's device claims the one-time sign-in code a parent showed. The
     * code rides in the fragment, which browsers never send to a server, so
     * it stays out of every server's and proxy's logs.
     */
    deviceLink: {
      path: '/link',
      getHref: (code?: string) => (code ? `/link#${encodeURIComponent(code)}` : '/link'),
    },
  },
  app: {
    dashboard: { path: '', getHref: () => '/' },
    chores: { path: 'chores', getHref: () => '/chores' },
    /** Parents: each child's chores of today. */
    today: { path: 'today', getHref: () => '/today' },
    categories: { path: 'categories', getHref: () => '/categories' },
    submit: {
      path: 'submit',
      /** With a chore id, the form starts with that chore chosen. */
      getHref: (choreId?: string) => (choreId ? `/submit?chore=${encodeURIComponent(choreId)}` : '/submit'),
    },
    approval: { path: 'approval', getHref: () => '/approval' },
    children: { path: 'children', getHref: () => '/children' },
    payouts: { path: 'payouts', getHref: () => '/payouts' },
    /** The reward store: parents keep it and decide requests; a child buys from their spend jar. */
    store: { path: 'store', getHref: () => '/store' },
    history: { path: 'history', getHref: () => '/history' },
    settings: { path: 'settings', getHref: () => '/settings' },
    team: { path: 'team', getHref: () => '/team' },
    profile: { path: 'profile', getHref: () => '/profile' },
    /** A child's weekly payslip (`week`: any day of the week; absent: this week). */
    payslip: {
      path: 'payslip/:childId',
      getHref: (childId: string, week?: string) =>
        `/payslip/${encodeURIComponent(childId)}${week ? `?week=${encodeURIComponent(week)}` : ''}`,
    },
    /** The signed-in user's notifications (the bell in the header). */
    notifications: { path: 'notifications', getHref: () => '/notifications' },
  },
  /** The family tablet: the children's pictures and their PINs (with the tablet's device token). */
  tablet: {
    path: '/tablet',
    getHref: () => '/tablet',
  },
  admin: {
    path: '/admin',
    getHref: () => '/admin',
    /** A super admin's two-factor sign-in: its setup, which the console waits for, then its status. */
    twoFactor: {
      path: '/admin/two-factor',
      getHref: () => '/admin/two-factor',
    },
  },
} as const;
