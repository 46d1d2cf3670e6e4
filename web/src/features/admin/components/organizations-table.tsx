import type { Organization } from '../types';
import { actionsFor, type OrganizationAction } from '../utils/organization-actions';
import { ORGANIZATION_COLUMNS, StatusBadge } from './organization-parts';
import { Button, DataTable, EmptyState, type DataColumn } from '@/components/ui';
import { formatDate } from '@/utils/format';

export interface OrganizationsTableProps {
  organizations: readonly Organization[];
  /** The family whose action or details are under way: every button waits meanwhile. */
  busyId: string | null;
  onView: (organization: Organization) => void;
  onAction: (action: OrganizationAction, organization: Organization) => void;
}

export function OrganizationsTable({ organizations, busyId, onView, onAction }: OrganizationsTableProps) {
  if (organizations.length === 0) return <EmptyState>No organizations found.</EmptyState>;

  const columns: ReadonlyArray<DataColumn<Organization>> = [
    ...ORGANIZATION_COLUMNS,
    { label: 'Status', cell: (organization) => <StatusBadge organization={organization} /> },
    { label: 'Users', numeric: true, cell: (organization) => organization.userCount },
    { label: 'Children', numeric: true, cell: (organization) => organization.childCount },
    { label: 'Chores', numeric: true, cell: (organization) => organization.choreCount },
    { label: 'Created', cell: (organization) => formatDate(organization.createdAt) },
    {
      label: 'Actions',
      hideLabel: true,
      className: 'table__actions',
      cell: (organization) => (
        <div className="admin-actions">
          <Button
            variant="ghost"
            size="sm"
            disabled={busyId !== null}
            onClick={() => onView(organization)}
            aria-label={`View ${organization.name}`}
          >
            View
          </Button>
          {actionsFor(organization).map((action) => (
            <Button
              key={action.key}
              variant={action.variant}
              size="sm"
              disabled={busyId !== null}
              onClick={() => onAction(action, organization)}
              aria-label={`${action.label} ${organization.name}`}
            >
              {action.label}
            </Button>
          ))}
        </div>
      ),
    },
  ];

  return (
    <DataTable label="Organizations" columns={columns} rows={organizations} rowKey={(organization) => organization.id} />
  );
}
