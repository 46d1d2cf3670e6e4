import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';

import { RootRoute } from './root';
import { ErrorRoute } from './routes/error';
import { NotFoundRoute } from './routes/not-found';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/components/login-page';
import { FamilyRoute, GuestRoute, ProtectedRoute, RequireMfaSetUp, RequireRole } from '@/lib/authorization';
import { loadNamespaces } from '@/lib/i18n';
import type { Namespace } from '@/locales/en';
import { useSessionStore } from '@/stores/session-store';
import type { Role } from '@/types/api';

/**
 * A screen whose code is downloaded the first time it opens, so that the
 * first load carries only what the login needs; meanwhile a spinner says
 * what loads. The family's screens and their frame, the family tablet, the
 * operator console and the screens a family visits rarely are such screens
 * (web/e2e/tests/bundle.test.mjs checks the build keeps them out of the first
 * load).
 */
type LazyScreenName =
  | 'account'
  | 'family'
  | 'dashboard'
  | 'chores'
  | 'submit'
  | 'approval'
  | 'children'
  | 'notifications'
  | 'tablet'
  | 'admin'
  | 'categories'
  | 'payouts'
  | 'store'
  | 'history'
  | 'settings'
  | 'team'
  | 'profile'
  | 'today'
  | 'payslip';

/** What shows while a lazily loaded screen downloads: a spinner saying which screen loads. */
function ScreenLoading({ screen, fullPage }: { screen: LazyScreenName; fullPage: boolean }) {
  const { t } = useTranslation();
  const label = t(`screens.${screen}`);
  return fullPage ? <FullPageSpinner label={label} /> : <Spinner label={label} />;
}

/** A lazily loaded screen: what a route renders, and how to download it before it is shown. */
interface LazyScreen {
  element: ReactElement;
  /** Downloads the screen's code and texts (once; again after a failure). */
  preload: () => Promise<void>;
}

/** What a route with a lazily loaded screen keeps in its `handle`. */
export interface ScreenHandle {
  preload: () => Promise<void>;
}

/** The server data cache, which every lazily loaded screen runs inside (and the first one makes). */
const loadServerData = () => import('./server-data');
const ServerData = lazy(() => loadServerData().then((module) => ({ default: module.WithServerData })));

/**
 * `screen` downloads with its texts (`namespaces`, in the language shown),
 * so it never shows a key or another language while they load, and with the
 * server data cache.
 */
function lazyScreen(
  load: () => Promise<ComponentType>,
  screen: LazyScreenName,
  namespaces: Namespace[],
  fullPage = false,
): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const download = () =>
    (loading ??= Promise.all([load(), loadNamespaces(...namespaces), loadServerData()]).then(
      ([component]) => ({ default: component }),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Screen = lazy(download);
  return {
    element: (
      <Suspense fallback={<ScreenLoading screen={screen} fullPage={fullPage} />}>
        <ServerData>
          <Screen />
        </ServerData>
      </Suspense>
    ),
    preload: () => download().then(() => undefined),
  };
}

/** The handle of a route showing `screen`, so that {@link preloadScreens} finds it. */
const handleOf = (screen: LazyScreen): ScreenHandle => ({ preload: screen.preload });

// The account pages besides the login (their texts, auth, come with it).
const accountScreen = (load: () => Promise<ComponentType>) => lazyScreen(load, 'account', [], true);
const registerScreen = accountScreen(() =>
  import('@/features/auth/components/register-page').then((module) => module.RegisterPage),
);
const invitationScreen = accountScreen(() =>
  import('@/features/auth/components/invitation-page').then((module) => module.InvitationPage),
);
const forgotPasswordScreen = accountScreen(() =>
  import('@/features/auth/components/forgot-password-page').then((module) => module.ForgotPasswordPage),
);
const resetPasswordScreen = accountScreen(() =>
  import('@/features/auth/components/reset-password-page').then((module) => module.ResetPasswordPage),
);
const verifyEmailScreen = accountScreen(() =>
  import('@/features/auth/components/verify-email-page').then((module) => module.VerifyEmailPage),
);
const deviceLinkScreen = accountScreen(() =>
  import('@/features/auth/components/device-link-page').then((module) => module.DeviceLinkPage),
);

// The frame of the family's screens (its tablet bar speaks the tablet namespace).
const familyLayout = lazyScreen(
  () => import('./routes/family-layout').then((module) => module.FamilyLayoutRoute),
  'family',
  ['tablet'],
  true,
);
// Its allowance panel speaks the children namespace.
const dashboardScreen = lazyScreen(
  () => import('@/features/dashboard/components/dashboard-page').then((module) => module.DashboardPage),
  'dashboard',
  ['dashboard', 'children'],
);
const choresScreen = lazyScreen(
  () => import('@/features/chores/components/chores-page').then((module) => module.ChoresPage),
  'chores',
  ['chores'],
);
const submitScreen = lazyScreen(
  () => import('@/features/submissions/components/submit-chore-page').then((module) => module.SubmitChorePage),
  'submit',
  ['submissions'],
);
const approvalScreen = lazyScreen(
  () => import('@/features/approval/components/approval-page').then((module) => module.ApprovalPage),
  'approval',
  ['approval'],
);
// Composed here: the children's cards (children, with the tablet's Set PIN) with their pauses.
const childrenScreen = lazyScreen(
  () => import('./routes/children').then((module) => module.ChildrenRoute),
  'children',
  ['children', 'tablet'],
);
const notificationsScreen = lazyScreen(
  () => import('@/features/notifications/components/notifications-page').then((module) => module.NotificationsPage),
  'notifications',
  [],
);
// The family tablet may be the first page a tablet opens: its texts come with it.
// Composed here: the board (tablet) with a parent's sign-in in its corner (auth, loaded with the login).
const tabletScreen = lazyScreen(
  () => import('./routes/tablet').then((module) => module.TabletRoute),
  'tablet',
  ['tablet'],
  true,
);
const adminConsole = lazyScreen(
  () => import('@/features/admin/components/admin-console-page').then((module) => module.AdminConsolePage),
  'admin',
  ['admin'],
  true,
);
// Composed here: the console's frame (admin) around the setup (mfa).
const adminTwoFactor = lazyScreen(
  () => import('./routes/admin-two-factor').then((module) => module.AdminTwoFactorRoute),
  'admin',
  ['admin'],
  true,
);
const categoriesScreen = lazyScreen(
  () => import('@/features/categories/components/categories-page').then((module) => module.CategoriesPage),
  'categories',
  ['categories'],
);
const payoutsScreen = lazyScreen(
  () => import('@/features/payouts/components/payouts-page').then((module) => module.PayoutsPage),
  'payouts',
  ['payouts'],
);
const storeScreen = lazyScreen(
  () => import('@/features/store/components/store-page').then((module) => module.StorePage),
  'store',
  ['store'],
);
const payslipScreen = lazyScreen(
  () => import('@/features/payslip/components/payslip-page').then((module) => module.PayslipPage),
  'payslip',
  ['payslip'],
);
// Its excuse dialog is History's (texts in the history namespace).
const todayScreen = lazyScreen(
  () => import('@/features/chores/components/today-page').then((module) => module.TodayPage),
  'today',
  ['chores', 'history'],
);
const historyScreen = lazyScreen(
  () => import('@/features/history/components/history-page').then((module) => module.HistoryPage),
  'history',
  ['history'],
);
// Composed here: the settings (settings) with the family's tablets (tablet) and webhooks (settings).
const settingsScreen = lazyScreen(
  () => import('./routes/settings').then((module) => module.SettingsRoute),
  'settings',
  ['settings', 'tablet'],
);
const teamScreen = lazyScreen(
  () => import('@/features/team/components/team-page').then((module) => module.TeamPage),
  'team',
  ['team'],
);
// Composed here: the profile (profile) with two-factor sign-in (mfa).
const profileScreen = lazyScreen(
  () => import('./routes/profile').then((module) => module.ProfileRoute),
  'profile',
  ['profile'],
);

const PARENT_ROLES: readonly Role[] = ['ORG_ADMIN', 'SUPER_ADMIN'];

const parentOnly = (element: ReactNode) => <RequireRole roles={PARENT_ROLES}>{element}</RequireRole>;

/** Only children submit chores (availability is per child). */
const childOnly = (element: ReactNode) => <RequireRole roles={['ORG_MEMBER']}>{element}</RequireRole>;

/** A route's element and handle for `screen`, inside `guard` if given. */
function screenRoute(screen: LazyScreen, guard?: (element: ReactNode) => ReactNode): Pick<RouteObject, 'element' | 'handle'> {
  return { element: guard ? guard(screen.element) : screen.element, handle: handleOf(screen) };
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <ErrorRoute />,
    children: [
      {
        path: paths.auth.login.path,
        element: (
          <GuestRoute>
            <LoginPage />
          </GuestRoute>
        ),
      },
      // The page itself handles ?invite=CODE and signed-in visitors.
      { path: paths.auth.register.path, ...screenRoute(registerScreen) },
      { path: paths.auth.invite.path, ...screenRoute(invitationScreen) },
      { path: paths.auth.acceptInvite.path, ...screenRoute(invitationScreen) },
      { path: paths.auth.forgotPassword.path, ...screenRoute(forgotPasswordScreen) },
      // The mailed links open whether or not someone is signed in on this browser.
      { path: paths.auth.resetPassword.path, ...screenRoute(resetPasswordScreen) },
      { path: paths.auth.verifyEmail.path, ...screenRoute(verifyEmailScreen) },
      // A child's device claims a sign-in code, whoever is signed in on it (a parent is asked first).
      { path: paths.auth.deviceLink.path, ...screenRoute(deviceLinkScreen) },
      // The family tablet works with its device token, whoever is signed in.
      { path: paths.tablet.path, ...screenRoute(tabletScreen) },
      {
        path: paths.admin.path,
        element: (
          <ProtectedRoute>
            <RequireRole roles={['SUPER_ADMIN']}>
              <RequireMfaSetUp>{adminConsole.element}</RequireMfaSetUp>
            </RequireRole>
          </ProtectedRoute>
        ),
        handle: handleOf(adminConsole),
      },
      {
        path: paths.admin.twoFactor.path,
        element: (
          <ProtectedRoute>
            <RequireRole roles={['SUPER_ADMIN']}>{adminTwoFactor.element}</RequireRole>
          </ProtectedRoute>
        ),
        handle: handleOf(adminTwoFactor),
      },
      {
        path: paths.home.path,
        element: (
          <ProtectedRoute>
            <FamilyRoute>{familyLayout.element}</FamilyRoute>
          </ProtectedRoute>
        ),
        handle: handleOf(familyLayout),
        children: [
          { index: true, ...screenRoute(dashboardScreen) },
          { path: paths.app.chores.path, ...screenRoute(choresScreen) },
          { path: paths.app.today.path, ...screenRoute(todayScreen, parentOnly) },
          { path: paths.app.categories.path, ...screenRoute(categoriesScreen, parentOnly) },
          { path: paths.app.submit.path, ...screenRoute(submitScreen, childOnly) },
          { path: paths.app.approval.path, ...screenRoute(approvalScreen, parentOnly) },
          { path: paths.app.children.path, ...screenRoute(childrenScreen, parentOnly) },
          // Parents record payouts; a child sees their own.
          { path: paths.app.payouts.path, ...screenRoute(payoutsScreen) },
          // Parents keep the store; a child buys from it.
          { path: paths.app.store.path, ...screenRoute(storeScreen) },
          { path: paths.app.history.path, ...screenRoute(historyScreen) },
          { path: paths.app.settings.path, ...screenRoute(settingsScreen, parentOnly) },
          { path: paths.app.team.path, ...screenRoute(teamScreen, parentOnly) },
          { path: paths.app.profile.path, ...screenRoute(profileScreen) },
          // A child reads their own; parents any child's of the family.
          { path: paths.app.payslip.path, ...screenRoute(payslipScreen) },
          { path: paths.app.notifications.path, ...screenRoute(notificationsScreen) },
        ],
      },
      // Anonymous visitors reach only login, register, invitations, the mailed links and sign-in codes: an unknown address sends them to /login.
      {
        path: '*',
        element: (
          <ProtectedRoute>
            <NotFoundRoute />
          </ProtectedRoute>
        ),
      },
    ],
  },
];

/**
 * Starts downloading the lazily loaded screens that `pathname` shows (a
 * family screen and its frame at once, rather than one after the other).
 * Resolves when they are there.
 */
export async function preloadScreens(pathname: string): Promise<void> {
  const handles = (matchRoutes(routes, pathname) ?? []).map(({ route }) => route.handle as ScreenHandle | undefined);
  await Promise.all(handles.filter((handle) => handle !== undefined).map((handle) => handle.preload()));
}

/**
 * The app's router. With a session, the screens of the page opened and of
 * every page navigated to download together; a visitor without one is sent
 * to the login, and downloads none of them.
 */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  const preload = (pathname: string) => {
    if (useSessionStore.getState().token) preloadScreens(pathname).catch(() => undefined);
  };
  preload(router.state.location.pathname);
  router.subscribe((state) => preload(state.location.pathname));
  return router;
}
