import { useTranslation } from 'react-i18next';

import { Card } from '@/components/ui';

/** In place of the account's security on the family tablet: where it is done instead. */
export function OnTabletSecurity() {
  const { t } = useTranslation('profile');
  return (
    <Card title={t('security.title')}>
      <p className="muted">{t('security.onTablet')}</p>
    </Card>
  );
}
