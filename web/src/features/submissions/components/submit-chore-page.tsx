import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { SubmitChoreForm } from './submit-chore-form';
import { useAvailability } from '@/api/get-availability';
import { useChores } from '@/api/get-chores';
import { Card, PageHeader, ResourceList } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { availabilityByChore } from '@/lib/chores';
import { useUiTheme } from '@/stores/theme-store';

/** /submit (children): report a finished chore, with photo proof. ?chore=ID starts with that chore. */
export function SubmitChorePage() {
  const { t } = useTranslation('submissions');
  useDocumentTitle(pageTitle(t('title')));
  const [searchParams] = useSearchParams();
  const chores = useChores();
  const availability = useAvailability();
  const byChore = availabilityByChore(availability.data ?? []);
  const kids = useUiTheme() === 'KIDS';

  return (
    <>
      <PageHeader
        title={t('title')}
        description={kids ? t('descriptionKids') : t('description')}
      />
      <Card>
        <ResourceList
          query={chores}
          loadingLabel={t('loading')}
          empty={t('empty')}
        >
          {(list) => (
            <SubmitChoreForm
              chores={list}
              availability={byChore}
              initialChoreId={searchParams.get('chore') ?? undefined}
            />
          )}
        </ResourceList>
      </Card>
    </>
  );
}
