import { formatDate } from '../../shared/format/date';
import { barHeight } from '../../shared/rules/dashboard';
import { formatHours, type TrackedDay } from './days';

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });

/** Per-day bars and totals of the last days; heights are the share of the longest day, scaled to 95. */
export function DayBars({
  days,
  total,
  today,
  title = `Last ${days.length} days`,
}: {
  days: TrackedDay[];
  total: number;
  today: string;
  title?: string;
}) {
  const max = Math.max(0, ...days.map((day) => day.hours));
  return (
    <section
      aria-labelledby="tracked-days-title"
      className="rounded-lg border border-zinc-200 bg-white p-4 shadow-xs"
      data-testid="tracked-days"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="tracked-days-title" className="text-[13px] font-medium text-zinc-600">
          {title}
        </h2>
        <p className="text-[13px] text-zinc-500">
          Total{' '}
          <span className="font-semibold text-zinc-900 tabular-nums" data-testid="week-total">
            {formatHours(total)}
          </span>
        </p>
      </div>
      <ol className="mt-3 grid grid-cols-7 gap-1.5 sm:gap-3">
        {days.map((day) => {
          const date = new Date(`${day.day}T00:00:00Z`);
          const isToday = day.day === today;
          return (
            <li
              key={day.day}
              className="flex min-w-0 flex-col items-center"
              data-testid="day-bar"
              data-day={day.day}
              data-hours={day.hours}
            >
              <span
                className={`text-[11px] tabular-nums sm:text-xs ${day.hours > 0 ? 'text-zinc-800' : 'text-zinc-500'}`}
                data-testid="day-total"
              >
                {formatHours(day.hours).replace(' h', '')}
                <span className="max-sm:hidden"> h</span>
              </span>
              <div className="mt-1 flex h-28 w-full items-end justify-center rounded-md bg-zinc-50 sm:h-32">
                <div
                  className={`w-full max-w-12 rounded-t-[5px] transition-[height] duration-300 ${isToday ? 'bg-accent-600' : 'bg-accent-500/70'}`}
                  style={{ height: `${barHeight(day.hours, max)}%` }}
                  data-testid="day-bar-fill"
                />
              </div>
              <span className={`mt-1.5 text-xs ${isToday ? 'font-semibold text-zinc-900' : 'text-zinc-500'}`}>
                {weekday.format(date)}
              </span>
              <span className="text-[11px] text-zinc-500 tabular-nums max-sm:hidden">
                {formatDate(date, { timeZone: 'UTC' }).slice(0, 6)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
