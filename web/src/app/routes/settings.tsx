import { SettingsPage } from '@/features/settings/components/settings-page';
import { TabletsCard } from '@/features/tablet/components/tablets-card';

/** /settings: the family's settings, with its tablets below them. */
export function SettingsRoute() {
  return <SettingsPage extra={<TabletsCard />} />;
}
