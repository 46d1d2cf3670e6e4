import { ParentSignInForm } from '@/features/auth/components/parent-sign-in-form';
import { TabletPage } from '@/features/tablet/components/tablet-page';

/** /tablet: the family board, with a parent's sign-in (from the account pages) in its parent corner. */
export function TabletRoute() {
  return <TabletPage ParentSignIn={ParentSignInForm} />;
}
