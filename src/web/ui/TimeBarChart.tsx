import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDollars } from '#contract/money.ts';

const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const money = (value: unknown) => formatDollars(Number(value));

/**
 * One bar per day, week or month of a stats series (dates as YYYY-MM-DD): counts, or amounts in dollars when `dollars`.
 * Recharts loads with the pages that draw charts only.
 */
export function TimeBarChart<K extends string>({
  data,
  dataKey,
  name,
  color,
  dollars = false,
  dateLabel = shortDate,
}: {
  data: ({ date: string } & Record<K, number>)[];
  dataKey: K;
  name: string;
  color: string;
  dollars?: boolean;
  /** How a bucket's date reads on the axis and in the tooltip (default "Nov 3"). */
  dateLabel?: (iso: string) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: dollars ? 8 : 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e9f0" vertical={false} />
        <XAxis dataKey="date" tickFormatter={dateLabel} minTickGap={24} stroke="#253d4e" />
        {dollars ? (
          <YAxis tickFormatter={money} width={80} stroke="#253d4e" />
        ) : (
          <YAxis allowDecimals={false} width={40} stroke="#253d4e" />
        )}
        <Tooltip
          formatter={(value) => [dollars ? money(value) : value, name]}
          labelFormatter={(l) => dateLabel(String(l))}
          cursor={{ fill: '#def9ec' }}
        />
        <Bar dataKey={dataKey} fill={color} radius={[4, 4, 0, 0]} maxBarSize={48} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Dollars on a chart's axis and tooltip, as everywhere else. */
export const chartMoney = money;
