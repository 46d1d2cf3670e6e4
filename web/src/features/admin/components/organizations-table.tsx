import { useTranslation } from 'react-i18next';

import type { Organization } from '../types';
import { actionsFor, type OrganizationAction } from '../utils/organization-actions';
import { organizationColumns, StatusBadge } from './organization-parts';
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
  const { t } = useTranslation(['admin', 'common']);
  if (organizations.length === 0) return <EmptyState>{t('organizations.empty')}</EmptyState>;

  const columns: ReadonlyArray<DataColumn<Organization>> = [
    ...organizationColumns(),
    { label: t('columns.status'), cell: (organization) => <StatusBadge organization={organization} /> },
    { label: t('columns.users'), numeric: true, cell: (organization) => organization.userCount },
    { label: t('columns.children'), numeric: true, cell: (organization) => organization.childCount },
    { label: t('columns.chores'), numeric: true, cell: (organization) => organization.choreCount },
    { label: t('columns.created'), cell: (organization) => formatDate(organization.createdAt) },
    {
      label: t('columns.actions'),
      hideLabel: true,
      className: 'table__actions',
      cell: (organization) => (
        <div className="admin-actions">
          <Button
            variant="ghost"
            size="sm"
            disabled={busyId !== null}
            onClick={() => onView(organization)}
            aria-label={t('common:named.action', { action: t('organizations.view'), name: organization.name })}
          >
            {t('organizations.view')}
          </Button>
          {actionsFor(organization).map((action) => (
            <Button
              key={action.key}
              variant={action.variant}
              size="sm"
              disabled={busyId !== null}
              onClick={() => onAction(action, organization)}
              aria-label={t('common:named.action', {
                action: t(`actions.${action.key}.label`),
                name: organization.name,
              })}
            >
              {t(`actions.${action.key}.label`)}
            </Button>
          ))}
        </div>
      ),
    },
  ];

  return (
    <DataTable label={t('organizations.listLabel')} columns={columns} rows={organizations} rowKey={(organization) => organization.id} />
  );
}
