import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ChoreList } from './chore-list';
import { useAvailability } from '@/api/get-availability';
import { useChores } from '@/api/get-chores';
import { useAvailabilityWords } from '@/api/get-today';
import { PageHeader, ResourceList } from '@/components/ui';
import { paths } from '@/config/paths';
import { availabilityByChore, nextAvailableText, type AvailabilityWords } from '@/lib/chores';
import { useThemeContext } from '@/stores/theme-store';
import type { Chore, ChoreAvailability } from '@/types/api';

interface ChoreAvailabilityNoteProps {
  chore: Chore;
  availability?: ChoreAvailability;
  words: AvailabilityWords;
}

function ChoreAvailabilityNote({ chore, availability, words }: ChoreAvailabilityNoteProps) {
  const { t } = useTranslation('chores');
  if (availability && !availability.isAvailable) {
    return <p className="chore-row__waiting">{nextAvailableText(availability, words)}</p>;
  }
  return (
    <Link
      className="btn btn--primary btn--sm"
      to={paths.app.submit.getHref(chore.id)}
      aria-label={t('my.doItLabel', { name: chore.name })}
    >
      {t('my.doIt')}
    </Link>
  );
}

/** A child's chores screen: every chore, read-only, with when each can be done again. */
export function MyChores() {
  const chores = useChores();
  const availability = useAvailability();
  const byChore = availabilityByChore(availability.data ?? []);
  const words = useAvailabilityWords();
  const context = useThemeContext();
  const { t } = useTranslation('chores');

  return (
    <>
      <PageHeader
        title={t('my.title')}
        description={t('my.description', { context })}
      />
      <ResourceList query={chores} loadingLabel={t('manage.loading')} empty={t('my.empty')}>
        {(list) => (
          <ChoreList
            chores={list}
            renderAside={(chore) => <ChoreAvailabilityNote chore={chore} availability={byChore.get(chore.id)} words={words} />}
          />
        )}
      </ResourceList>
    </>
  );
}
