import { AdminLayout } from '@/features/admin/components/admin-layout';
import { ConsoleTwoFactor } from '@/features/mfa/components/console-two-factor';

/** /admin/two-factor: a super admin's two-factor sign-in, in the console's frame. */
export function AdminTwoFactorRoute() {
  return (
    <AdminLayout>
      <ConsoleTwoFactor />
    </AdminLayout>
  );
}
