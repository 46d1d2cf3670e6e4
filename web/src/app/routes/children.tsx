import { ChildrenPage } from '@/features/children/components/children-page';
import { ChildPausesDialog } from '@/features/pauses/components/child-pauses-dialog';

/** /children: the children's cards, each with its pauses. */
export function ChildrenRoute() {
  return <ChildrenPage PausesDialog={ChildPausesDialog} />;
}
