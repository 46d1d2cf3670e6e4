import { Link } from 'react-router';

import { ChoreList } from './chore-list';
import { useAvailability } from '@/api/get-availability';
import { useChores } from '@/api/get-chores';
import { PageHeader, ResourceList } from '@/components/ui';
import { paths } from '@/config/paths';
import { availabilityByChore, nextAvailableText } from '@/lib/chores';
import { useUiTheme } from '@/stores/theme-store';
import type { Chore, ChoreAvailability } from '@/types/api';

function ChoreAvailabilityNote({ chore, availability }: { chore: Chore; availability?: ChoreAvailability }) {
  if (availability && !availability.isAvailable) {
    return <p className="chore-row__waiting">{nextAvailableText(availability)}</p>;
  }
  return (
    <Link className="btn btn--primary btn--sm" to={paths.app.submit.getHref(chore.id)} aria-label={`Do it: ${chore.name}`}>
      Do it
    </Link>
  );
}

/** A child's chores screen: every chore, read-only, with when each can be done again. */
export function MyChores() {
  const chores = useChores();
  const availability = useAvailability();
  const byChore = availabilityByChore(availability.data ?? []);
  const kids = useUiTheme() === 'KIDS';

  return (
    <>
      <PageHeader
        title="My Chores"
        description={kids ? 'Pick a chore and do it! Some need a rest first.' : 'Chores you can do, and when you can do them again.'}
      />
      <ResourceList query={chores} loadingLabel="Loading chores…" empty="No chores yet. Ask a parent to add some.">
        {(list) => (
          <ChoreList
            chores={list}
            renderAside={(chore) => <ChoreAvailabilityNote chore={chore} availability={byChore.get(chore.id)} />}
          />
        )}
      </ResourceList>
    </>
  );
}
