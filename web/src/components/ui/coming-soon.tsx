import { PageHeader } from './page-header';
import { Card } from './card';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

export interface ComingSoonProps {
  title: string;
  description?: string;
}

/** Placeholder for a screen that is not available yet. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  useDocumentTitle(pageTitle(title));
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card className="coming-soon">
        <p className="coming-soon__badge">Coming soon</p>
        <p className="muted">This part of Chorely is on its way. Check back shortly.</p>
      </Card>
    </>
  );
}
