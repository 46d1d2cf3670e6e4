import { useRouteError } from 'react-router';

import { Button, Card, PageHeader } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

export function ErrorRoute() {
  const error = useRouteError();
  useDocumentTitle(pageTitle('Something went wrong'));
  console.error(error);
  return (
    <main className="full-page-center">
      <Card className="narrow-card">
        <PageHeader
          title="Something went wrong"
          description="An unexpected error occurred. Reloading the page usually helps."
        />
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Card>
    </main>
  );
}
