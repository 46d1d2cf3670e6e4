import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(pageTitle(t('notFound.documentTitle')));
  return (
    <main className="full-page-center">
      <Card className="narrow-card">
        <PageHeader title={t('notFound.title')} description={t('notFound.description')} />
        <Link className="btn btn--primary btn--md" to={paths.home.getHref()}>
          {t('notFound.home')}
        </Link>
      </Card>
    </main>
  );
}
