import type { ReactNode } from 'react';

/** A dashboard widget's frame: title, optional action at the right, content. */
export function Card({
  title,
  action,
  className = '',
  testId,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={`flex min-w-0 flex-col rounded-lg border border-zinc-200 bg-white p-4 shadow-xs ${className}`}
      data-testid={testId}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-[13px] font-medium text-zinc-600">{title}</h2>
        {action}
      </div>
      <div className="mt-3 flex-1">{children}</div>
    </section>
  );
}

/** One labelled amount of a card; the first is the headline figure. */
export function Figure({
  label,
  value,
  tone = 'default',
  large = false,
  hint,
  testId,
}: {
  label: string;
  value: string;
  tone?: 'default' | 'positive' | 'negative' | 'warning';
  large?: boolean;
  /** What the figure counts, in small grey text under its label. */
  hint?: string;
  testId?: string;
}) {
  const color = {
    default: 'text-zinc-900',
    positive: 'text-emerald-700',
    negative: 'text-red-600',
    warning: 'text-amber-700',
  }[tone];
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-[13px] text-zinc-500">
        {label}
        {hint && (
          <span className="block text-[11px] leading-snug text-zinc-500" data-testid={testId && `${testId}-hint`}>
            {hint}
          </span>
        )}
      </dt>
      <dd
        className={`text-right font-semibold tabular-nums ${color} ${large ? 'text-xl tracking-tight' : 'text-[13px]'}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
