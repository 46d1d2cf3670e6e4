import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { RootRoute } from './root';
import { ChildrenRoute } from './routes/children';
import { ErrorRoute } from './routes/error';
import { NotFoundRoute } from './routes/not-found';
import { AppLayout } from '@/components/layouts/app-layout';
import { FullPageSpinner, Spinner } from '@/components/ui';
import { paths } from '@/config/paths';
import { ApprovalPage } from '@/features/approval/components/approval-page';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { EmailVerificationBanner } from '@/features/auth/components/email-verification-banner';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { InvitationPage } from '@/features/auth/components/invitation-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { VerifyEmailPage } from '@/features/auth/components/verify-email-page';
import { ChoresPage } from '@/features/chores/components/chores-page';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { SubmitChorePage } from '@/features/submissions/components/submit-chore-page';
import { TabletPage } from '@/features/tablet/components/tablet-page';
import { TabletSessionBar } from '@/features/tablet/components/tablet-session-bar';
import { FamilyRoute, GuestRoute, ProtectedRoute, RequireMfaSetUp, RequireRole } from '@/lib/authorization';
import { loadNamespaces } from '@/lib/i18n';
import type { Namespace } from '@/locales/en';
import type { Role } from '@/types/api';

/**
 * A screen whose code is downloaded the first time it opens, so that a
 * family's first load does not carry it; meanwhile a spinner says what loads.
 * The operator console and the screens a family visits rarely are such
 * screens (web/e2e/tests/bundle.test.mjs checks the build keeps them out of
 * the first load).
 */
type LazyScreenName =
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

/**
 * `screen` downloads with its texts (`namespaces`, in the language shown),
 * so it never shows a key or another language while they load.
 */
function lazyScreen(
  load: () => Promise<ComponentType>,
  screen: LazyScreenName,
  namespaces: Namespace[],
  fullPage = false,
) {
  const Screen = lazy(async () => {
    const [component] = await Promise.all([load(), loadNamespaces(...namespaces)]);
    return { default: component };
  });
  return (
    <Suspense fallback={<ScreenLoading screen={screen} fullPage={fullPage} />}>
      <Screen />
    </Suspense>
  );
}

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
  ['settings'],
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
      { path: paths.auth.register.path, element: <RegisterPage /> },
      { path: paths.auth.invite.path, element: <InvitationPage /> },
      { path: paths.auth.acceptInvite.path, element: <InvitationPage /> },
      { path: paths.auth.forgotPassword.path, element: <ForgotPasswordPage /> },
      // The mailed links open whether or not someone is signed in on this browser.
      { path: paths.auth.resetPassword.path, element: <ResetPasswordPage /> },
      { path: paths.auth.verifyEmail.path, element: <VerifyEmailPage /> },
      // The family tablet works with its device token, whoever is signed in.
      { path: paths.tablet.path, element: <TabletPage /> },
      {
        path: paths.admin.path,
        element: (
          <ProtectedRoute>
            <RequireRole roles={['SUPER_ADMIN']}>
              <RequireMfaSetUp>{adminConsole}</RequireMfaSetUp>
            </RequireRole>
          </ProtectedRoute>
        ),
      },
      {
        path: paths.admin.twoFactor.path,
        element: (
          <ProtectedRoute>
            <RequireRole roles={['SUPER_ADMIN']}>{adminTwoFactor}</RequireRole>
          </ProtectedRoute>
        ),
      },
      {
        path: paths.home.path,
        element: (
          <ProtectedRoute>
            <FamilyRoute>
              <AppLayout
                bell={<NotificationBell />}
                banner={
                  <>
                    <TabletSessionBar />
                    <EmailVerificationBanner />
                  </>
                }
              />
            </FamilyRoute>
          </ProtectedRoute>
        ),
        children: [
          { index: true, element: <DashboardPage /> },
          { path: paths.app.chores.path, element: <ChoresPage /> },
          { path: paths.app.today.path, element: parentOnly(todayScreen) },
          { path: paths.app.categories.path, element: parentOnly(categoriesScreen) },
          { path: paths.app.submit.path, element: childOnly(<SubmitChorePage />) },
          { path: paths.app.approval.path, element: parentOnly(<ApprovalPage />) },
          { path: paths.app.children.path, element: parentOnly(<ChildrenRoute />) },
          // Parents record payouts; a child sees their own.
          { path: paths.app.payouts.path, element: payoutsScreen },
          // Parents keep the store; a child buys from it.
          { path: paths.app.store.path, element: storeScreen },
          { path: paths.app.history.path, element: historyScreen },
          { path: paths.app.settings.path, element: parentOnly(settingsScreen) },
          { path: paths.app.team.path, element: parentOnly(teamScreen) },
          { path: paths.app.profile.path, element: profileScreen },
          // A child reads their own; parents any child's of the family.
          { path: paths.app.payslip.path, element: payslipScreen },
          { path: paths.app.notifications.path, element: <NotificationsPage /> },
        ],
      },
      // Anonymous visitors reach only login, register, invitations and the mailed links: an unknown address sends them to /login.
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
