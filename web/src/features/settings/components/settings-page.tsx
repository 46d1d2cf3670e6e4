import { ComingSoon } from '@/components/ui';

export function SettingsPage() {
  return <ComingSoon title="Settings" description="Reward multipliers and family settings." />;
}
