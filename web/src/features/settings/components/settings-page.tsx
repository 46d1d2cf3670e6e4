import { useState } from 'react';

import { useMultipliers } from '../api/get-multipliers';
import { useOrganization } from '../api/get-organization';
import { GeneralSettings } from './general-settings';
import { RewardMultipliers } from './reward-multipliers';
import { Card, PageHeader, Spinner, Tabs } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

type SettingsTab = 'multipliers' | 'general';

/** /settings: Reward Multipliers and General Settings. */
export function SettingsPage() {
  useDocumentTitle(pageTitle('Settings'));
  const [tab, setTab] = useState<SettingsTab>('multipliers');
  const organization = useOrganization();
  const multipliers = useMultipliers();

  return (
    <>
      <PageHeader title="Parent Settings" description="Reward multipliers and your family's settings." />
      <Card>
        <Tabs<SettingsTab>
          label="Settings"
          selected={tab}
          onSelect={setTab}
          tabs={[
            {
              key: 'multipliers',
              label: 'Reward Multipliers',
              content: (
                <div className="multipliers">
                  <p className="muted">
                    A child&apos;s multiplier is the product of their grade, behaviour and streak multipliers; the
                    reward of each approved chore is multiplied by it. A D or F grade turns every bonus above 1.0 off.
                  </p>
                  {multipliers.isPending && <Spinner label="Loading multipliers…" />}
                  {multipliers.data && <RewardMultipliers settings={multipliers.data} />}
                </div>
              ),
            },
            {
              key: 'general',
              label: 'General Settings',
              content: (
                <>
                  {organization.isPending && <Spinner label="Loading settings…" />}
                  {organization.data && <GeneralSettings organization={organization.data} />}
                </>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
