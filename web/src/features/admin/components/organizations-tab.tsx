import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useFetchOrganization } from '../api/get-organization';
import type { Organization, OrganizationDetail, OrganizationQuery } from '../types';
import { filterOptions, PLANS, STATUSES } from '../utils/list-query';
import { useOrganizationAction, type OrganizationAction } from '../utils/organization-actions';
import type { PagedList } from '../utils/use-paged-list';
import { ListToolbar } from './list-toolbar';
import { OrganizationDialog } from './organization-dialog';
import { subscriptionStatusLabel } from './organization-parts';
import { OrganizationsTable } from './organizations-table';
import { PagedListView } from './paged-list-view';
import { Alert, useConfirm } from '@/components/ui';
import { getErrorMessage } from '@/lib/api-client';

export interface OrganizationsTabProps {
  list: PagedList<OrganizationQuery, Organization>;
}

/** What the last action or View came to, shown above the list until the next. */
interface Outcome {
  variant: 'success' | 'error';
  text: string;
}

/** Search, filters and pages of families, with View, Upgrade, Suspend and Activate. */
export function OrganizationsTab({ list }: OrganizationsTabProps) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [detail, setDetail] = useState<OrganizationDetail | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const fetchOrganization = useFetchOrganization();
  const { mutateAsync: perform } = useOrganizationAction();
  const { query } = list;

  const view = async (organization: Organization) => {
    setOutcome(null);
    setBusyId(organization.id);
    try {
      setDetail(await fetchOrganization(organization.id));
    } catch (error) {
      setOutcome({ variant: 'error', text: getErrorMessage(error, t('errors:fallback.fetchOrganization')) });
    } finally {
      setBusyId(null);
    }
  };

  const act = async (action: OrganizationAction, organization: Organization) => {
    const label = t(`actions.${action.key}.label`);
    const confirmed = await confirm({
      title: t('common:named.action', { action: label, name: organization.name }),
      message: t(`actions.${action.key}.confirm`, { name: organization.name }),
      confirmLabel: label,
      danger: action.variant === 'danger-quiet',
    });
    if (!confirmed) return;
    setOutcome(null);
    setBusyId(organization.id);
    try {
      // Resolves once the stats and the list are loaded again.
      await perform({ action, id: organization.id });
      setOutcome({ variant: 'success', text: t(`actions.${action.key}.success`) });
    } catch (error) {
      setOutcome({ variant: 'error', text: getErrorMessage(error, t(`errors:fallback.${action.fallback}`)) });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="admin-tab">
      <ListToolbar
        label={t('organizations.searchLabel')}
        placeholder={t('organizations.placeholder')}
        search={query.search}
        filters={[
          {
            name: 'plan',
            label: t('organizations.plan'),
            value: query.plan,
            options: filterOptions(t('organizations.allPlans'), PLANS),
          },
          {
            name: 'status',
            label: t('organizations.status'),
            value: query.status,
            options: filterOptions(t('organizations.allStatuses'), STATUSES, subscriptionStatusLabel),
          },
        ]}
        onApply={(change) => list.setQuery(change)}
      />
      {outcome && <Alert variant={outcome.variant}>{outcome.text}</Alert>}
      <PagedListView
        list={list}
        label={t('organizations.listLabel')}
        loadingLabel={t('organizations.loading')}
        countText={(count) => t('organizations.count', { count })}
      >
        {(organizations) => (
          <OrganizationsTable
            organizations={organizations}
            busyId={busyId}
            onView={(organization) => void view(organization)}
            onAction={(action, organization) => void act(action, organization)}
          />
        )}
      </PagedListView>
      {detail && <OrganizationDialog organization={detail} onClose={() => setDetail(null)} />}
      {confirmDialog}
    </div>
  );
}
