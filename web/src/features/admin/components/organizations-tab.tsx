import { useState } from 'react';

import { useFetchOrganization } from '../api/get-organization';
import type { Organization, OrganizationDetail, OrganizationQuery } from '../types';
import { filterOptions, PLANS, STATUSES } from '../utils/list-query';
import { useOrganizationAction, type OrganizationAction } from '../utils/organization-actions';
import type { PagedList } from '../utils/use-paged-list';
import { ListToolbar } from './list-toolbar';
import { OrganizationDialog } from './organization-dialog';
import { OrganizationsTable } from './organizations-table';
import { PagedListView } from './paged-list-view';
import { getErrorMessage } from '@/lib/api-client';

const PLAN_OPTIONS = filterOptions('All Plans', PLANS);
const STATUS_OPTIONS = filterOptions('All Statuses', STATUSES);

export interface OrganizationsTabProps {
  list: PagedList<OrganizationQuery, Organization>;
}

/** Search, filters and pages of families, with View, Upgrade, Suspend and Activate. */
export function OrganizationsTab({ list }: OrganizationsTabProps) {
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
      window.alert(getErrorMessage(error, 'Failed to fetch organization details'));
    } finally {
      setBusyId(null);
    }
  };

  const act = async (action: OrganizationAction, organization: Organization) => {
    if (!window.confirm(action.confirmation(organization))) return;
    setBusyId(organization.id);
    try {
      // Resolves once the stats and the list are loaded again.
      await perform({ action, id: organization.id });
      window.alert(action.success);
    } catch (error) {
      window.alert(getErrorMessage(error, action.fallback));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="admin-tab">
      <ListToolbar
        label="Search organizations"
        placeholder="Name or slug"
        search={query.search}
        filters={[
          { name: 'plan', label: 'Plan', value: query.plan, options: PLAN_OPTIONS },
          { name: 'status', label: 'Status', value: query.status, options: STATUS_OPTIONS },
        ]}
        onApply={(change) => list.setQuery(change)}
      />
      <PagedListView list={list} label="Organizations" noun="organization">
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
