import { FamilyPauses } from '@/features/pauses/components/family-pauses';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { TabletsCard } from '@/features/tablet/components/tablets-card';
import { WebhooksCard } from '@/features/webhooks/components/webhooks-card';

/** /settings: the settings, with the family's pauses in a tab of their own, and its tablets and webhooks below. */
export function SettingsRoute() {
  return (
    <SettingsPage
      Pauses={FamilyPauses}
      extra={
        <>
          <TabletsCard />
          <WebhooksCard />
        </>
      }
    />
  );
}
