import { AppLayout } from '@/components/layouts/app-layout';
import { EmailVerificationBanner } from '@/features/auth/components/email-verification-banner';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { TabletSessionBar } from '@/features/tablet/components/tablet-session-bar';

/** The frame of every family screen: the navigation with the notification bell, and the tablet's and the email's banners. */
export function FamilyLayoutRoute() {
  return (
    <AppLayout
      bell={<NotificationBell />}
      banner={
        <>
          <TabletSessionBar />
          <EmailVerificationBanner />
        </>
      }
    />
  );
}
