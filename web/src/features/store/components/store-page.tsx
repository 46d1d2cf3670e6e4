import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  useDeleteItem,
  useRedeem,
  useRedemptions,
  useStoreItems,
  type Redemption,
  type StoreItem,
} from '../api/store';
import { DecisionDialog } from './decision-dialog';
import { ItemDialog } from './item-dialog';
import { useChildren } from '@/api/get-children';
import { Alert, Button, Card, EditRemoveActions, PageHeader, ResourceList, StatCard } from '@/components/ui';
import { WalletIcon } from '@/components/ui/icons';
import { useJars } from '@/api/jars';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { useAction } from '@/hooks/use-action';
import { i18n } from '@/lib/i18n';
import { isParentRole } from '@/lib/roles';
import { useOwnRewardUnit, useSessionStore } from '@/stores/session-store';
import { useThemeContext } from '@/stores/theme-store';
import type { RewardDisplayType } from '@/types/api';
import { formatDateTime, formatNames, formatReward } from '@/utils/format';

/** /store: parents keep the reward store and decide requests; a child buys from their spend jar. */
export function StorePage() {
  const { t } = useTranslation('store');
  useDocumentTitle(pageTitle(t('title')));
  const parent = isParentRole(useSessionStore((state) => state.user?.role));
  return parent ? <ParentStore /> : <ChildStore />;
}

/** "$3.50 · 2 left": the price and what is left of the stock. */
function itemLine(item: StoreItem, unit: RewardDisplayType | null | undefined) {
  const stock =
    item.stock === null || item.stock === undefined
      ? i18n.t('store:stockUnlimited')
      : item.stock === 0
        ? i18n.t('store:outOfStock')
        : i18n.t('store:stock', { count: item.stock });
  return `${formatReward(item.price, unit)} · ${stock}`;
}

function ItemTitle({ item }: { item: StoreItem }) {
  return (
    <h3 className="store-item__name">
      {item.emoji && (
        <span className="store-item__emoji" aria-hidden="true">
          {item.emoji}
        </span>
      )}
      {item.name}
    </h3>
  );
}

function ParentStore() {
  const { t } = useTranslation(['store', 'errors', 'common']);
  const items = useStoreItems();
  const pending = useRedemptions('PENDING');
  const children = useChildren();
  const remove = useDeleteItem();
  const family = (children.data ?? []).map((child) => ({ id: child.id, name: child.name }));
  const unitOf = (childId: string) => children.data?.find((c) => c.id === childId)?.rewardDisplayType;
  const [editing, setEditing] = useState<StoreItem | null | 'new'>(null);
  const [deciding, setDeciding] = useState<{ redemption: Redemption; approve: boolean } | null>(null);
  const namesOf = (ids: readonly string[]) =>
    ids.length === 0
      ? t('offeredToAll')
      : t('offeredTo', { names: formatNames(family.filter((c) => ids.includes(c.id)).map((c) => c.name)) });

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('parentDescription')}
        actions={<Button onClick={() => setEditing('new')}>{t('addItem')}</Button>}
      />
      <Card title={t('requests')} aria-label={t('requests')}>
        <ResourceList query={pending} loadingLabel={t('loadingRequests')} empty={t('noPending')}>
          {(list) => (
            <ul className="store-requests">
              {list.map((r) => (
                <li key={r.id} className="store-request">
                  <span>
                    {r.emoji && <span aria-hidden="true">{r.emoji} </span>}
                    {t('requestLine', { child: r.childName, item: r.itemName, price: formatReward(r.price, unitOf(r.childId)) })}
                  </span>
                  <span className="muted small">{formatDateTime(r.requestedAt)}</span>
                  <div className="button-row">
                    <Button
                      size="sm"
                      onClick={() => setDeciding({ redemption: r, approve: true })}
                      aria-label={t('decideLabel', { action: t('approve'), item: r.itemName, child: r.childName })}
                    >
                      {t('approve')}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger-quiet"
                      onClick={() => setDeciding({ redemption: r, approve: false })}
                      aria-label={t('decideLabel', { action: t('reject'), item: r.itemName, child: r.childName })}
                    >
                      {t('reject')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ResourceList>
      </Card>
      <Card title={t('items')} aria-label={t('items')}>
        <ResourceList query={items} loadingLabel={t('loadingItems')} empty={t('noItems')}>
          {(list) => (
            <ul className="store-items">
              {list.map((item) => (
                <li key={item.id} className="store-item">
                  <ItemTitle item={item} />
                  {item.description && <p className="muted">{item.description}</p>}
                  <p className="small">{itemLine(item, 'MONEY')}</p>
                  <p className="muted small">{namesOf(item.childIds)}</p>
                  <EditRemoveActions
                    name={item.name}
                    onEdit={() => setEditing(item)}
                    onRemove={() => remove.mutateAsync(item.id)}
                    removeLabel={t('common:actions.delete')}
                    confirmation={t('deleteConfirm', { name: item.name })}
                    fallback={t('errors:fallback.deleteStoreItem')}
                  />
                </li>
              ))}
            </ul>
          )}
        </ResourceList>
      </Card>
      {editing && (
        <ItemDialog item={editing === 'new' ? null : editing} family={family} onClose={() => setEditing(null)} />
      )}
      {deciding && (
        <DecisionDialog
          redemption={deciding.redemption}
          approve={deciding.approve}
          unit={unitOf(deciding.redemption.childId)}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  );
}

function ChildStore() {
  const { t } = useTranslation(['store', 'errors']);
  const childId = useSessionStore((state) => state.user?.childId ?? undefined);
  const unit = useOwnRewardUnit();
  // A KIDS child asks for a reward ("Ask for it"); the others redeem it.
  const context = useThemeContext();
  const items = useStoreItems();
  const requests = useRedemptions();
  const jars = useJars(childId);
  const spend = jars.data?.spend ?? 0;
  const { mutateAsync: redeem } = useRedeem();
  const action = useAction(t('errors:fallback.redeem'));
  const [asked, setAsked] = useState<string | null>(null);

  const onRedeem = (item: StoreItem) =>
    action.run(
      async () => {
        setAsked(null);
        await redeem(item.id);
        setAsked(item.name);
      },
      {
        title: t('redeemTitle', { context, name: item.name }),
        message: t('redeemConfirm', { context, name: item.name, price: formatReward(item.price, unit) }),
        confirmLabel: t('redeem', { context }),
      },
    );

  return (
    <>
      <PageHeader title={t('title')} description={t('childDescription', { context })} />
      <div className="stat-grid">
        <StatCard label={t('yourSpendJar')} value={formatReward(spend, unit)} tone="accent" icon={<WalletIcon />} />
      </div>
      {action.error && <Alert>{action.error}</Alert>}
      {asked && <Alert variant="success">{t('redeemed', { context, name: asked })}</Alert>}
      <Card title={t('items')} aria-label={t('items')}>
        <ResourceList query={items} loadingLabel={t('loadingItems')} empty={t('noItemsChild')}>
          {(list) => (
            <ul className="store-items">
              {list.map((item) => {
                const soldOut = item.stock === 0;
                const tooDear = item.price > spend;
                return (
                  <li key={item.id} className="store-item">
                    <ItemTitle item={item} />
                    {item.description && <p className="muted">{item.description}</p>}
                    <p className="small">{itemLine(item, unit)}</p>
                    {tooDear && !soldOut && <p className="muted small">{t('cannotAfford')}</p>}
                    <Button
                      size="sm"
                      onClick={() => void onRedeem(item)}
                      disabled={soldOut || tooDear || action.busy}
                      aria-label={t('redeemLabel', { context, name: item.name })}
                    >
                      {t('redeem', { context })}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </ResourceList>
      </Card>
      <Card title={t('myRequests')} aria-label={t('myRequests')}>
        <ResourceList query={requests} loadingLabel={t('loadingRequests')} empty={t('noRequests')}>
          {(list) => (
            <ul className="store-requests">
              {list.map((r) => (
                <li key={r.id} className="store-request">
                  <span>
                    {r.emoji && <span aria-hidden="true">{r.emoji} </span>}
                    {r.itemName} · {formatReward(r.price, unit)}
                  </span>
                  <span className={`badge badge--${r.status === 'APPROVED' ? 'success' : r.status === 'REJECTED' ? 'danger' : 'warning'}`}>
                    {t(`status.${r.status}`)}
                  </span>
                  {r.note && <span className="muted small">{t('note', { note: r.note })}</span>}
                </li>
              ))}
            </ul>
          )}
        </ResourceList>
      </Card>
      {action.confirmDialog}
    </>
  );
}
