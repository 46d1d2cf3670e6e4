import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';

import { useStatement, type ChoreBreakdown, type Statement } from '../api/statement';
import { addDays, entriesOf, KIND_EMOJI, kindOf, weekOf, type PayslipEntry } from '../utils/payslip';
import { getChildren } from '@/api/get-children';
import { Alert, Button, Card, EmptyState, PageHeader, Spinner, TextField } from '@/components/ui';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useOwnRewardUnit, useSessionStore } from '@/stores/session-store';
import { useThemeContext } from '@/stores/theme-store';
import type { RewardDisplayType } from '@/types/api';
import { formatCalendarDate, formatDate, formatReward } from '@/utils/format';

/**
 * /payslip/:childId: a child's week of money, Monday to Sunday, in words a
 * 7-year-old reads: what they earned, each chore with base × each
 * multiplier = reward, what else moved, and each jar from start to end. It
 * prints on one page (the print stylesheet hides the app around it); the
 * browser's print dialog saves it as a PDF.
 */
export function PayslipPage() {
  const { t } = useTranslation(['payslip', 'errors']);
  const { childId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const user = useSessionStore((state) => state.user);
  const own = user?.childId === childId;
  const ownUnit = useOwnRewardUnit();
  // A KIDS child's own is "My money"; a parent reads "Mia's payslip" whatever the child's theme.
  const context = useThemeContext();
  // Parents know the child's name and unit from the family's list.
  const children = useQuery({
    queryKey: queryKeys.children,
    queryFn: ({ signal }) => getChildren(signal),
    enabled: !own,
    meta: { what: 'children' },
  });
  const child = children.data?.find((c) => c.id === childId);
  const name = own ? (user?.firstName ?? '') : (child?.name ?? '');
  const unit = own ? ownUnit : child?.rewardDisplayType;

  // Without a week asked for, the server answers this week in the family's time zone.
  const asked = params.get('week');
  const week = asked ? weekOf(asked, asked) : null;
  const statement = useStatement(childId, week?.from, week?.to);
  const shown = statement.data;
  const title = own ? t('titleOwn', { context }) : t('title', { name });
  useDocumentTitle(pageTitle(title));

  const goTo = (from: string) => setParams({ week: from }, { replace: true });

  return (
    <div className="payslip">
      <PageHeader
        title={title}
        description={shown ? t('week', { from: formatCalendarDate(shown.from), to: formatCalendarDate(shown.to) }) : undefined}
        actions={
          <Button variant="primary" size="md" className="no-print" onClick={() => window.print()}>
            {t('print')}
          </Button>
        }
      />
      {shown && (
        <nav className="payslip__weeks no-print" aria-label={t('weeks')}>
          <Button variant="secondary" size="md" onClick={() => goTo(addDays(shown.from, -7))}>
            {t('previous')}
          </Button>
          <TextField
            label={t('pick')}
            type="date"
            value={shown.from}
            onChange={(event: { target: { value: string } }) => {
              const picked = weekOf(event.target.value, shown.from);
              if (event.target.value) goTo(picked.from);
            }}
          />
          <Button variant="secondary" size="md" onClick={() => goTo(addDays(shown.from, 7))}>
            {t('next')}
          </Button>
        </nav>
      )}
      {statement.isPending && <Spinner label={t('loading')} />}
      {statement.isError && <Alert>{getErrorMessage(statement.error, t('errors:fallback.statement'))}</Alert>}
      {shown && <PayslipBody statement={shown} name={name} own={own} unit={unit} />}
      <p className="payslip__print-note muted small no-print">{t('printHint')}</p>
    </div>
  );
}

function PayslipBody({
  statement,
  name,
  own,
  unit,
}: {
  statement: Statement;
  name: string;
  own: boolean;
  unit: RewardDisplayType | null | undefined;
}) {
  const { t } = useTranslation(['payslip', 'common']);
  const entries = entriesOf(statement);
  const money = (value: number) => formatReward(value, unit);
  return (
    <>
      <Card className="payslip__summary">
        <p className="payslip__earned">
          <span aria-hidden="true">{statement.earned > 0 ? '🎉 ' : '🌱 '}</span>
          {statement.earned > 0
            ? own
              ? t('earnedOwn', { amount: money(statement.earned) })
              : t('earned', { name, amount: money(statement.earned) })
            : own
              ? t('nothingOwn')
              : t('nothing', { name })}
        </p>
        <p className="payslip__balances">
          {t('balances', { opening: money(statement.opening), closing: money(statement.closing) })}
        </p>
      </Card>

      <Card title={t('lines')}>
        {entries.length === 0 ? (
          <EmptyState>{t('noLines')}</EmptyState>
        ) : (
          <ol className="payslip__entries">
            {entries.map((entry) => (
              <EntryRow key={entry.key} entry={entry} money={money} />
            ))}
          </ol>
        )}
      </Card>

      <Card title={t('jars')}>
        <table className="payslip__jars">
          <thead>
            <tr>
              <th scope="col">{t('jar')}</th>
              <th scope="col">{t('start')}</th>
              <th scope="col">{t('in')}</th>
              <th scope="col">{t('out')}</th>
              <th scope="col">{t('end')}</th>
            </tr>
          </thead>
          <tbody>
            {statement.jars.map((jar) => (
              <tr key={jar.jar}>
                <th scope="row">{t(`common:jars.${jar.jar}`)}</th>
                <td>{money(jar.opening)}</td>
                <td>{money(jar.in)}</td>
                <td>{money(jar.out)}</td>
                <td>{money(jar.closing)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('total')}</th>
              <td>{money(statement.opening)}</td>
              <td>{money(statement.jars.reduce((sum, j) => sum + j.in, 0))}</td>
              <td>{money(statement.jars.reduce((sum, j) => sum + j.out, 0))}</td>
              <td>{money(statement.closing)}</td>
            </tr>
          </tfoot>
        </table>
      </Card>
    </>
  );
}

/** "$2.00 × 1.5 (grades) × 1.2 (behaviour) × 1.0 (streak) = $3.60". */
function Calculation({ breakdown, money }: { breakdown: ChoreBreakdown; money: (value: number) => string }) {
  const { t } = useTranslation('payslip');
  return (
    <p className="payslip__calculation">
      {money(breakdown.base)}
      {breakdown.parts.map((part) => (
        <span key={part.name}>
          {' × '}
          <strong>{part.factor.toFixed(1)}</strong> {t(`parts.${part.name === 'GRADE' || part.name === 'BEHAVIOUR' || part.name === 'STREAK' ? part.name : 'OTHER'}`)}
        </span>
      ))}
      {' = '}
      <strong>{money(breakdown.amount)}</strong>
      {breakdown.bonusesDisabled && <span className="muted"> {t('bonusesOff')}</span>}
    </p>
  );
}

function EntryRow({ entry, money }: { entry: PayslipEntry; money: (value: number) => string }) {
  const { t } = useTranslation(['payslip', 'common']);
  const kind = kindOf(entry.kind);
  const label = entry.breakdown?.choreName || t(`kinds.${kind}`);
  const from = entry.parts.find((p) => p.amount < 0);
  const to = entry.parts.find((p) => p.amount > 0);
  return (
    <li className="payslip__entry">
      <span className="payslip__emoji" aria-hidden="true">
        {KIND_EMOJI[kind]}
      </span>
      <div className="payslip__what">
        <p className="payslip__label">
          <span>{label}</span>
          <span className="muted small"> · {formatDate(entry.occurredAt)}</span>
        </p>
        {entry.breakdown && <Calculation breakdown={entry.breakdown} money={money} />}
        {kind === 'TRANSFER' && from && to ? (
          <p className="small">
            {t('moved', { amount: money(to.amount), from: t(`common:jars.${from.jar}`), to: t(`common:jars.${to.jar}`) })}
          </p>
        ) : (
          entry.parts.length > 1 && (
            <p className="small muted">
              {entry.parts.map((p) => `${t(`common:jars.${p.jar}`)} ${money(p.amount)}`).join(' · ')}
            </p>
          )
        )}
        {entry.notes && <p className="small muted">{entry.notes}</p>}
      </div>
      {kind !== 'TRANSFER' && (
        <span className={entry.amount < 0 ? 'payslip__amount payslip__amount--out' : 'payslip__amount'}>
          {entry.amount > 0 ? '+' : ''}
          {money(entry.amount)}
        </span>
      )}
    </li>
  );
}
