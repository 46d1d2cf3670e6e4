import { TwoFactorCard } from '@/features/mfa/components/two-factor-card';
import { NotificationSettingsCard } from '@/features/notifications/components/notification-settings-card';
import { ProfilePage } from '@/features/profile/components/profile-page';

/** /profile: the profile, with two-factor sign-in under its Security card and the notification settings. */
export function ProfileRoute() {
  return <ProfilePage TwoFactor={TwoFactorCard} Notifications={NotificationSettingsCard} />;
}
