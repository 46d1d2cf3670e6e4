import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useWeek } from '../api/week';
import { Alert, Button, DataTable, EmptyState, Spinner, type DataColumn } from '@/components/ui';
import { i18n } from '@/lib/i18n';
import type { ChildWeek, WeekChore, WeekDay } from '@/types/api';
import { formatCalendarDate, formatTime } from '@/utils/format';

/** The date `days` after a YYYY-MM-DD date, as YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
  return moved.toISOString().slice(0, 10);
}

/** A day's column heading: "Mon, Jan 7". */
function dayLabel(date: string): string {
  return formatCalendarDate(date, date, { weekday: 'short', month: 'short', day: 'numeric' });
}

/**
 * Who does what in a week (parents): a row per child, a column per day, each
 * cell the chores that are the child's that day with their due time, or
 * Paused. Where the box is narrow each child's row becomes a card of days.
 * Previous and next move a week at a time.
 */
export function WeekView() {
  const { t } = useTranslation('chores');
  const [from, setFrom] = useState<string | undefined>(undefined);
  const week = useWeek(from);
  const data = week.data;

  const columns: DataColumn<ChildWeek>[] = [
    { label: t('week.child'), rowHeader: true, cell: (child) => child.childName },
    ...(data?.children[0]?.days ?? []).map(
      (day, index): DataColumn<ChildWeek> => ({
        label: dayLabel(day.date),
        cell: (child) => {
          const own = child.days[index];
          return own ? <DayCell day={own} timeZone={data?.timeZone} /> : null;
        },
      }),
    ),
  ];

  return (
    <section aria-labelledby="week-heading">
      <div className="week__bar">
        <h2 id="week-heading" className="week__title">
          {data
            ? t('week.range', { from: formatCalendarDate(data.from), to: formatCalendarDate(data.to) })
            : t('week.title')}
        </h2>
        <div className="week__nav">
          <Button variant="secondary" size="sm" disabled={!data} onClick={() => data && setFrom(addDays(data.from, -7))}>
            {t('week.previous')}
          </Button>
          <Button variant="secondary" size="sm" disabled={from === undefined} onClick={() => setFrom(undefined)}>
            {t('week.thisWeek')}
          </Button>
          <Button variant="secondary" size="sm" disabled={!data} onClick={() => data && setFrom(addDays(data.from, 7))}>
            {t('week.next')}
          </Button>
        </div>
      </div>
      {week.isPending ? (
        <Spinner label={t('week.loading')} />
      ) : week.isError ? (
        <Alert>{t('week.failed')}</Alert>
      ) : !data || data.children.length === 0 ? (
        <EmptyState>{t('today.noChildren')}</EmptyState>
      ) : (
        <>
          <DataTable
            label={t('week.tableLabel', { from: formatCalendarDate(data.from), to: formatCalendarDate(data.to) })}
            columns={columns}
            rows={data.children}
            rowKey={(child) => child.childId}
          />
          <p className="muted week__note">{t('week.note', { zone: data.timeZone })}</p>
        </>
      )}
    </section>
  );
}

function DayCell({ day, timeZone }: { day: WeekDay; timeZone: string | undefined }) {
  const { t } = useTranslation('chores');
  if (day.paused) return <span className="badge">{t('week.paused')}</span>;
  if (day.chores.length === 0) {
    return (
      <>
        <span className="muted" aria-hidden="true">
          –
        </span>
        <span className="visually-hidden">{t('week.free')}</span>
      </>
    );
  }
  return (
    <ul className="week__chores">
      {day.chores.map((chore) => (
        <li key={chore.choreId}>{choreText(chore, timeZone)}</li>
      ))}
    </ul>
  );
}

/** "Dishes, by 8:00 AM (swapped)": the chore, its due time and how it is the child's. */
export function choreText(chore: WeekChore, timeZone: string | undefined): string {
  const parts = [chore.name];
  if (chore.dueAt) parts.push(i18n.t('chores:week.by', { time: formatTime(chore.dueAt, timeZone) }));
  let text = parts.join(', ');
  if (chore.mode === 'FIRST_COME') text = i18n.t('chores:week.firstCome', { chore: text });
  else if (chore.swapped) text = i18n.t('chores:week.swapped', { chore: text });
  return text;
}
