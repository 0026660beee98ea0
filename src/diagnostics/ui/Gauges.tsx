import { memo, useSyncExternalStore } from 'react';
import { bar, formatValue, GAUGES, type GaugeSpec } from './gauges';
import type { LiveValues } from './liveValues';

/** Live gauges of the 19 values and the 5 calculated ones, redrawn at most once per animation frame. */
export const Gauges = memo(function Gauges({ live }: { live: LiveValues }) {
  const frame = useSyncExternalStore(live.subscribe, live.snapshot, live.snapshot);
  const values = frame?.values ?? {};
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6" aria-label="Engine values">
      {GAUGES.map((gauge) => (
        <Gauge key={gauge.key} gauge={gauge} value={values[gauge.key]} frame={values} />
      ))}
    </ul>
  );
});

function Gauge({ gauge, value, frame }: { gauge: GaugeSpec; value?: number; frame: Record<string, number> }) {
  const warning = value !== undefined && (gauge.warn?.(value, frame) ?? false);
  const { start, end } = bar(gauge, value);
  return (
    <li
      data-key={gauge.key}
      data-warning={warning || undefined}
      className={`rounded-lg border px-3 py-2.5 ${warning ? 'border-red-500/70 bg-red-950/60' : 'border-zinc-800 bg-zinc-900'}`}
    >
      <div className="truncate text-xs text-zinc-400" title={gauge.name}>
        {gauge.name}
      </div>
      <div className="mt-1 flex items-baseline gap-1">
        <span
          className={`text-2xl font-semibold tabular-nums ${warning ? 'text-red-300' : 'text-zinc-50'}`}
          data-testid={`value-${gauge.key}`}
        >
          {formatValue(gauge, value)}
        </span>
        <span className="text-xs text-zinc-500">{gauge.unit}</span>
      </div>
      {gauge.min !== undefined && gauge.max !== undefined ? (
        <>
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-zinc-800">
            <div
              className={`h-full origin-left rounded-full ${warning ? 'bg-red-500' : 'bg-blue-500'}`}
              // A transform moves no layout: 24 bars at 20 Hz stay on the compositor.
              style={{ transform: `translateX(${start * 100}%) scaleX(${end - start})` }}
            />
          </div>
          <div className="mt-1 flex justify-between text-[10px] text-zinc-500 tabular-nums">
            <span>{gauge.min}</span>
            <span>{gauge.max}</span>
          </div>
        </>
      ) : (
        <div className="mt-2 text-[10px] text-zinc-500">calculated</div>
      )}
    </li>
  );
}
