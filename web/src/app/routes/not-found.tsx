import { Link } from 'react-router';

import { Card, PageHeader } from '@/components/ui';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle(pageTitle('Page Not Found'));
  return (
    <main className="full-page-center">
      <Card className="narrow-card">
        <PageHeader title="Page not found" description="There is nothing at this address." />
        <Link className="btn btn--primary btn--md" to={paths.home.getHref()}>
          Go to the dashboard
        </Link>
      </Card>
    </main>
  );
}
