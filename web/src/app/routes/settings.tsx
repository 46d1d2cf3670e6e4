import { FamilyPauses } from '@/features/pauses/components/family-pauses';
import { SettingsPage } from '@/features/settings/components/settings-page';

/** /settings: the settings, with the family's pauses in a tab of their own. */
export function SettingsRoute() {
  return <SettingsPage Pauses={FamilyPauses} />;
}
