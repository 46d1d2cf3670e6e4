import { useTranslation } from 'react-i18next';

import { Card } from '@/components/ui';

interface SecurityNoteProps {
  /**
   * Why there is no password here: the session is the family tablet's, or
   * the child signs in with a code from a parent and has no password at all.
   */
  reason: 'tablet' | 'signInCode';
}

/** In place of the account's security where it cannot be used: where it is done instead. */
export function SecurityNote({ reason }: SecurityNoteProps) {
  const { t } = useTranslation('profile');
  return (
    <Card title={t('security.title')}>
      <p className="muted">{reason === 'tablet' ? t('security.onTablet') : t('security.signedInByCode')}</p>
    </Card>
  );
}
