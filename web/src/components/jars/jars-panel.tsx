import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useJars } from '@/api/jars';
import { JarsSummary } from './jars-summary';
import { SplitDialog } from './split-dialog';
import { TransferDialog } from './transfer-dialog';
import { Button } from '@/components/ui';
import type { RewardDisplayType } from '@/types/api';

interface ChildJarsProps {
  childId: string;
  name: string;
  unit: RewardDisplayType | null | undefined;
}

/**
 * What a child's jars hold, for the head of the parent's child card (the
 * panel below, behind the card's Money tab, has the rest).
 */
export function JarsAtAGlance({ childId, name, unit }: ChildJarsProps) {
  const { t } = useTranslation('common');
  const jars = useJars(childId);
  // Nothing while they load: the card's balance already says what there is.
  return jars.data ? <JarsSummary jars={jars.data} unit={unit} label={t('jars.label', { name })} /> : null;
}

/**
 * A child's jars on the parent's child card: how new earnings are split, and
 * the split editor and transfer dialog.
 */
export function JarsPanel({ childId, name, unit }: ChildJarsProps) {
  const { t } = useTranslation('common');
  const jars = useJars(childId);
  const [dialog, setDialog] = useState<'split' | 'transfer' | null>(null);
  const split = jars.data?.split;

  return (
    <section className="jars-panel" aria-label={t('jars.label', { name })}>
      {split && <p className="muted small">{t('jars.split', { ...split })}</p>}
      <div className="jars-panel__actions">
        <Button variant="secondary" size="sm" onClick={() => setDialog('split')} aria-label={t('jars.editSplitLabel', { name })}>
          {t('jars.editSplit')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setDialog('transfer')} aria-label={t('jars.transferLabel', { name })}>
          {t('jars.transfer')}
        </Button>
      </div>
      {dialog === 'split' && (
        <SplitDialog childId={childId} name={name} split={split} onClose={() => setDialog(null)} />
      )}
      {dialog === 'transfer' && (
        <TransferDialog childId={childId} name={name} jars={jars.data} unit={unit} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
