import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';

export function ErrorRoute() {
  const error = useRouteError();
  const { t } = useTranslation();
  useDocumentTitle(pageTitle(t('errorPage.title')));
  console.error(error);
  return (
    <main className="full-page-center">
      <Card className="narrow-card">
        <PageHeader title={t('errorPage.title')} description={t('errorPage.description')} />
        <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
      </Card>
    </main>
  );
}
