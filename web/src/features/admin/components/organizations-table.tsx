import type { Organization } from '../types';
import { actionsFor, type OrganizationAction } from '../utils/organization-actions';
import { DataTable } from './data-table';
import { OrganizationCells, StatusBadges } from './organization-parts';
import { Button, EmptyState } from '@/components/ui';
import { formatDate } from '@/utils/format';

const COLUMNS = [
  'Name',
  'Slug',
  'Plan',
  'Status',
  { label: 'Users', numeric: true },
  { label: 'Children', numeric: true },
  { label: 'Chores', numeric: true },
  'Created',
  { label: 'Actions', hidden: true },
];

export interface OrganizationsTableProps {
  organizations: readonly Organization[];
  /** The family whose action or details are under way: every button waits meanwhile. */
  busyId: string | null;
  onView: (organization: Organization) => void;
  onAction: (action: OrganizationAction, organization: Organization) => void;
}

export function OrganizationsTable({ organizations, busyId, onView, onAction }: OrganizationsTableProps) {
  if (organizations.length === 0) return <EmptyState>No organizations found.</EmptyState>;

  return (
    <DataTable label="Organizations" columns={COLUMNS}>
      {organizations.map((organization) => {
        return (
          <tr key={organization.id}>
            <OrganizationCells organization={organization} />
            <td>
              <StatusBadges organization={organization} />
            </td>
            <td className="num">{organization.userCount}</td>
            <td className="num">{organization.childCount}</td>
            <td className="num">{organization.choreCount}</td>
            <td>{formatDate(organization.createdAt)}</td>
            <td className="table__actions">
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
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
