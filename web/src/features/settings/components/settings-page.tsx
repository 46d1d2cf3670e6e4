import { useState } from 'react';

import { getOrganization } from '../api/get-organization';
import { GeneralSettings } from './general-settings';
import { Card, PageHeader, Spinner, Tabs } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useResource } from '@/hooks/use-resource';

type SettingsTab = 'multipliers' | 'general';

/** /settings: Reward Multipliers and General Settings. */
export function SettingsPage() {
  useDocumentTitle(pageTitle('Settings'));
  const [tab, setTab] = useState<SettingsTab>('multipliers');
  const organization = useResource(getOrganization, 'family settings');

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
                <div className="coming-soon">
                  <p className="coming-soon__badge">Coming soon</p>
                  <p className="muted">
                    Reward multipliers for grades, behaviour and streaks arrive soon.
                  </p>
                </div>
              ),
            },
            {
              key: 'general',
              label: 'General Settings',
              content: (
                <>
                  {organization.resource.status === 'loading' && <Spinner label="Loading settings…" />}
                  {organization.resource.status === 'ready' && (
                    <GeneralSettings
                      organization={organization.resource.data}
                      onSaved={(updated) => organization.update(() => updated)}
                    />
                  )}
                </>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
