import { TwoFactorCard } from '@/features/mfa/components/two-factor-card';
import { ProfilePage } from '@/features/profile/components/profile-page';

/** /profile: the profile, with two-factor sign-in under its Security card. */
export function ProfileRoute() {
  return <ProfilePage TwoFactor={TwoFactorCard} />;
}
