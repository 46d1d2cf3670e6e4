import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useMultipliers } from '../api/get-multipliers';
import { useOrganization } from '../api/get-organization';
import { GeneralSettings } from './general-settings';
import { MultipliersExplained, RewardMultipliers } from './reward-multipliers';
import { Card, PageHeader, Spinner, Tabs } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

type SettingsTab = 'multipliers' | 'general' | 'pauses';

export interface SettingsPageProps {
  /** The family's pauses, composed in by the app (another feature's): a tab of their own. */
  Pauses?: ComponentType;
  /** Composed in by the app, below the tabs (the family's tablets). */
  extra?: ReactNode;
}

/**
 * /settings: Reward Multipliers and General Settings (where it opens), and the
 * family's pauses where given; `extra` below them.
 */
export function SettingsPage({ Pauses, extra }: SettingsPageProps = {}) {
  const { t } = useTranslation(['settings', 'common']);
  useDocumentTitle(pageTitle(t('documentTitle')));
  // Opens on the family's own settings; the multipliers are a step further
  // in. The tabs keep the spec's order.
  const [tab, setTab] = useState<SettingsTab>('general');
  const organization = useOrganization();
  const multipliers = useMultipliers();

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <Tabs<SettingsTab>
          label={t('tabsLabel')}
          selected={tab}
          onSelect={setTab}
          tabs={[
            {
              key: 'multipliers',
              label: t('multipliersTab'),
              content: (
                <div className="multipliers">
                  <MultipliersExplained />
                  {multipliers.isPending && <Spinner label={t('loadingMultipliers')} />}
                  {multipliers.data && <RewardMultipliers settings={multipliers.data} />}
                </div>
              ),
            },
            {
              key: 'general',
              label: t('generalTab'),
              content: (
                <>
                  {organization.isPending && <Spinner label={t('loading')} />}
                  {organization.data && <GeneralSettings organization={organization.data} />}
                </>
              ),
            },
            ...(Pauses ? [{ key: 'pauses' as const, label: t('common:pauses.tab'), content: <Pauses /> }] : []),
          ]}
        />
      </Card>
      {extra}
    </>
  );
}
