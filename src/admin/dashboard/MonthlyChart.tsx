import { formatMoney } from '../../shared/format/money';
import { barHeight } from '../../shared/rules/dashboard';

export interface MonthFigures {
  /** "YYYY-MM". */
  month: string;
  income: number;
  expenses: number;
}

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });

/**
 * Income and expenses per month as grouped bars (SVG): heights are the share of the largest amount,
 * scaled to 95 like every dashboard bar; labels are HTML so they stay readable on a phone.
 */
export function MonthlyChart({ months }: { months: MonthFigures[] }) {
  const max = Math.max(0, ...months.flatMap((m) => [m.income, m.expenses]));
  const width = months.length * 10;
  return (
    <div data-testid="monthly-chart">
      <div className="mb-2 flex gap-4 text-xs text-zinc-500">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-emerald-500" aria-hidden /> Income
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-zinc-400" aria-hidden /> Expenses
        </span>
        <span className="ml-auto tabular-nums" data-testid="chart-max">
          max {max > 0 ? formatMoney(max, 'CHF') : '–'}
        </span>
      </div>
      <div className="relative h-40 sm:h-48">
        <svg
          viewBox={`0 0 ${Math.max(width, 1)} 100`}
          preserveAspectRatio="none"
          className="absolute inset-0 size-full"
          role="img"
          aria-label="Income and expenses per month"
        >
          {[0, 47.5, 95].map((y) => (
            <line
              key={y}
              x1={0}
              x2={width}
              y1={100 - y}
              y2={100 - y}
              className="stroke-zinc-200"
              strokeWidth={0.5}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {months.map((m, i) => {
            const income = barHeight(m.income, max);
            const expenses = barHeight(m.expenses, max);
            return (
              <g key={m.month} data-month={m.month}>
                <rect
                  x={i * 10 + 1.5}
                  width={3.4}
                  y={100 - income}
                  height={income}
                  rx={0.6}
                  className="fill-emerald-500"
                  data-testid="income-bar"
                  data-value={m.income}
                >
                  <title>{`${m.month} income ${formatMoney(m.income, 'CHF')}`}</title>
                </rect>
                <rect
                  x={i * 10 + 5.1}
                  width={3.4}
                  y={100 - expenses}
                  height={expenses}
                  rx={0.6}
                  className="fill-zinc-400"
                  data-testid="expenses-bar"
                  data-value={m.expenses}
                >
                  <title>{`${m.month} expenses ${formatMoney(m.expenses, 'CHF')}`}</title>
                </rect>
              </g>
            );
          })}
        </svg>
      </div>
      <ol
        className="mt-1.5 grid text-center text-[11px] text-zinc-500"
        style={{ gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))` }}
      >
        {months.map((m) => (
          <li key={m.month} className="truncate">
            <span className="max-sm:hidden">{monthName.format(new Date(`${m.month}-01T00:00:00Z`))}</span>
            <span className="sm:hidden">{m.month.slice(5)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
