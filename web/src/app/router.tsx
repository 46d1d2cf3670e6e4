import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { RootRoute } from './root';
import { ErrorRoute } from './routes/error';
import { NotFoundRoute } from './routes/not-found';
import { AppLayout } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { AdminConsolePage } from '@/features/admin/components/admin-console-page';
import { ApprovalPage } from '@/features/approval/components/approval-page';
import { InvitationPage } from '@/features/auth/components/invitation-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { CategoriesPage } from '@/features/categories/components/categories-page';
import { ChildrenPage } from '@/features/children/components/children-page';
import { ChoresPage } from '@/features/chores/components/chores-page';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { HistoryPage } from '@/features/history/components/history-page';
import { PayoutsPage } from '@/features/payouts/components/payouts-page';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { SubmitChorePage } from '@/features/submissions/components/submit-chore-page';
import { TeamPage } from '@/features/team/components/team-page';
import { GuestRoute, ProtectedRoute, RequireRole } from '@/lib/authorization';
import type { Role } from '@/types/api';

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
      {
        path: paths.admin.path,
        element: (
          <ProtectedRoute>
            <RequireRole roles={['SUPER_ADMIN']}>
              <AdminConsolePage />
            </RequireRole>
          </ProtectedRoute>
        ),
      },
      {
        path: paths.home.path,
        element: (
          <ProtectedRoute>
            <AppLayout />
          </ProtectedRoute>
        ),
        children: [
          { index: true, element: <DashboardPage /> },
          { path: paths.app.chores.path, element: <ChoresPage /> },
          { path: paths.app.categories.path, element: parentOnly(<CategoriesPage />) },
          { path: paths.app.submit.path, element: childOnly(<SubmitChorePage />) },
          { path: paths.app.approval.path, element: parentOnly(<ApprovalPage />) },
          { path: paths.app.children.path, element: parentOnly(<ChildrenPage />) },
          // Parents record payouts; a child sees their own.
          { path: paths.app.payouts.path, element: <PayoutsPage /> },
          { path: paths.app.history.path, element: <HistoryPage /> },
          { path: paths.app.settings.path, element: parentOnly(<SettingsPage />) },
          { path: paths.app.team.path, element: parentOnly(<TeamPage />) },
          { path: paths.app.profile.path, element: <ProfilePage /> },
        ],
      },
      // Anonymous visitors reach only login, register and invitations: an unknown address sends them to /login.
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
