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
import { getErrorMessage } from '@/lib/api-client';


export interface OrganizationsTabProps {
  list: PagedList<OrganizationQuery, Organization>;
}

/** Search, filters and pages of families, with View, Upgrade, Suspend and Activate. */
export function OrganizationsTab({ list }: OrganizationsTabProps) {
  const { t } = useTranslation(['admin', 'errors']);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [detail, setDetail] = useState<OrganizationDetail | null>(null);
  const fetchOrganization = useFetchOrganization();
  const { mutateAsync: perform } = useOrganizationAction();
  const { query } = list;

  const view = async (organization: Organization) => {
    setBusyId(organization.id);
    try {
      setDetail(await fetchOrganization(organization.id));
    } catch (error) {
      window.alert(getErrorMessage(error, t('errors:fallback.fetchOrganization')));
    } finally {
      setBusyId(null);
    }
  };

  const act = async (action: OrganizationAction, organization: Organization) => {
    if (!window.confirm(t(`actions.${action.key}.confirm`, { name: organization.name }))) return;
    setBusyId(organization.id);
    try {
      // Resolves once the stats and the list are loaded again.
      await perform({ action, id: organization.id });
      window.alert(t(`actions.${action.key}.success`));
    } catch (error) {
      window.alert(getErrorMessage(error, t(`errors:fallback.${action.fallback}`)));
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
    </div>
  );
}
