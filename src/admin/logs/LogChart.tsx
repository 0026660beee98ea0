import { RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { LogFramesAnswer } from '../../shared/api/logging';
import { Button } from '../ui/Button';
import { formatChannelValue, type Channel } from './channels';
import { envelopePaths } from './envelope';
import { withGaps } from './gaps';

/** The plot's height for its width: wide on a desktop, still tall enough to read on a phone. */
const heightFor = (width: number) => Math.round(Math.min(380, Math.max(240, width * 0.42)));

const AXIS = {
  stroke: '#71717a',
  grid: { stroke: '#f4f4f5', width: 1 },
  ticks: { stroke: '#e4e4e7', width: 1 },
  font: '11px "Inter Variable", ui-sans-serif, system-ui, sans-serif',
};

/**
 * The time axis in the admin's Swiss formats (24 hours, day before month), in uPlot's table of tick
 * spans: the tick's own text, then the context written under the first tick of a new year, month,
 * day, hour or minute (null: none).
 */
const DAY = 24 * 3600;
const TIME_TICKS: uPlot.Axis.TimeValuesConfig = [
  [365 * DAY, '{YYYY}', null, null, null, null, null, null, 1],
  [28 * DAY, '{MM}.{YYYY}', null, null, null, null, null, null, 1],
  [DAY, '{DD}.{MM}.', '\n{YYYY}', null, null, null, null, null, 1],
  [3600, '{HH}:{mm}', '\n{DD}.{MM}.{YYYY}', null, '\n{DD}.{MM}.', null, null, null, 1],
  [60, '{HH}:{mm}', '\n{DD}.{MM}.{YYYY}', null, '\n{DD}.{MM}.', null, null, null, 1],
  [1, '{HH}:{mm}:{ss}', '\n{DD}.{MM}.{YYYY}', null, '\n{DD}.{MM}.', null, null, null, 1],
  [0.001, ':{ss}.{fff}', '\n{DD}.{MM}.{YYYY} {HH}:{mm}', null, '\n{DD}.{MM}. {HH}:{mm}', null, '\n{HH}:{mm}', null, 1],
];

/** The cursor's time in the legend, in the browser's zone as the axis. */
const cursorTime = uPlot.fmtDate('{DD}.{MM}.{YYYY} {HH}:{mm}:{ss}');

/**
 * A session's values over time with uPlot: one scale per unit (the first unit on the left axis, the
 * second on the right), drag across the plot to zoom into a span, reset to the whole session. The
 * columns go to uPlot as they are, so 100,000 frames draw without lag. The plot holds a series for
 * every channel of the session and is built once per session and pair of axis units: switching a
 * channel on or off only shows or hides its series (a changed pair of axis units rebuilds the plot
 * and keeps the zoomed span). Zoom and reset change the reset button directly, not through React.
 */
export function LogChart({
  log,
  all,
  channels,
  colors,
}: {
  log: LogFramesAnswer;
  /** Every channel of the session, in the order of the channel list. */
  all: Channel[];
  /** The chosen channels, in the order of the channel list. */
  channels: Channel[];
  colors: Record<string, string>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const reset = useRef<HTMLButtonElement>(null);
  const plot = useRef<uPlot | null>(null);
  const span = useRef<{ log: LogFramesAnswer; min: number; max: number } | null>(null);
  const first = log.time[0] ?? 0;
  const last = log.time[log.time.length - 1] ?? 0;
  const unitOf = (channel: Channel) => channel.unit || channel.key;
  /** The units on the axes: those of the first two chosen channels' units (a string, so an equal pair keeps the plot). */
  const axisUnits = [...new Set(channels.map(unitOf))].slice(0, 2).join('\n');
  const shown = useRef(new Set<string>());
  shown.current = new Set(channels.map((c) => c.key));
  const plotted = channels.length > 0;

  useEffect(() => {
    const element = box.current;
    const setZoomed = (zoomed: boolean) => {
      // Not a React prop: React would also drop the clicks of a button it rendered disabled.
      if (reset.current) reset.current.disabled = !zoomed;
    };
    if (!element) return setZoomed(false);
    const units = [...new Set(all.map(unitOf))];
    const sides = axisUnits.split('\n');
    const keep = span.current?.log === log ? span.current : null;
    const width = Math.max(element.clientWidth, 200);
    // Where no frames were read (a lost link, logging paused) the lines break instead of ramping across.
    const gapped = withGaps(log);
    const paths = envelopePaths(gapped.gapRows);
    const options: uPlot.Options = {
      width,
      height: heightFor(width),
      cursor: { drag: { x: true, y: false, setScale: true } },
      legend: { show: true, live: true },
      scales: { x: { time: true }, ...Object.fromEntries(units.map((unit) => [unit, { auto: true }])) },
      axes: [
        { ...AXIS, values: TIME_TICKS },
        ...sides.map((unit, side) => ({
          ...AXIS,
          scale: unit,
          side: side === 0 ? 3 : 1,
          label: unit,
          labelSize: 18,
          labelFont: AXIS.font,
          size: 52,
          grid: side === 0 ? AXIS.grid : { show: false },
        })),
      ],
      series: [
        {
          label: 'Time',
          // A dash off the plot, as the channels' values (uPlot's own is "--").
          value: (_u: uPlot, value: number | null, _series: number, index: number | null) =>
            index == null || value == null ? '–' : cursorTime(new Date(value * 1000)),
        },
        ...all.map((channel) => ({
          // The unit goes with the value under the cursor ("96.8 kPa"), at the channel's decimals as the
          // tool's gauges show it (uPlot's own format showed 96.812 and 2'318.75 rpm); a dash off the plot.
          label: channel.name,
          value: (_u: uPlot, value: number | null, _series: number, index: number | null) =>
            index == null ? '–' : formatChannelValue(channel, value),
          scale: unitOf(channel),
          stroke: colors[channel.key],
          width: 1.5,
          points: { show: false },
          paths,
          show: shown.current.has(channel.key),
        })),
      ],
      hooks: {
        setScale: [
          (u, scale) => {
            if (scale !== 'x') return;
            const { min = first, max = last } = u.scales.x;
            span.current = { log, min, max };
            // The shown span for tests and tools (the axes are drawn on the canvas).
            element.dataset.xMin = String(min);
            element.dataset.xMax = String(max);
            setZoomed(min > first || max < last);
          },
        ],
      },
    };
    const data = [gapped.time, ...all.map((c) => gapped.columns[c.key] ?? [])] as uPlot.AlignedData;
    const u = new uPlot(options, data, element);
    plot.current = u;
    if (keep && (keep.min > first || keep.max < last)) u.setScale('x', { min: keep.min, max: keep.max });
    else setZoomed(false);
    const observer = new ResizeObserver(() => {
      const next = element.clientWidth;
      if (next > 0 && next !== u.width) u.setSize({ width: next, height: heightFor(next) });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [log, all, axisUnits, colors, first, last, plotted]);

  // A channel switched on or off shows or hides its series, in one redraw.
  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    const keys = new Set(channels.map((c) => c.key));
    u.batch(() =>
      all.forEach((channel, i) => {
        const show = keys.has(channel.key);
        if (u.series[i + 1].show !== show) u.setSeries(i + 1, { show });
      }),
    );
  }, [all, channels]);

  return (
    <div>
      <div className="mb-2 flex min-h-8 flex-wrap items-center gap-2 text-xs text-zinc-500">
        <span className="max-sm:hidden">Drag across the chart to zoom in.</span>
        <span className="sm:hidden">Drag to zoom.</span>
        <Button
          className="ml-auto"
          ref={reset}
          onClick={() => plot.current?.setScale('x', { min: first, max: last })}
          data-testid="reset-zoom"
        >
          <RotateCcw className="size-3.5" aria-hidden /> Reset zoom
        </Button>
      </div>
      {channels.length === 0 ? (
        <div
          className="flex items-center justify-center rounded-md border border-dashed border-zinc-200 text-[13px] text-zinc-500"
          style={{ height: 240 }}
        >
          Choose a channel below to plot it.
        </div>
      ) : (
        <div
          ref={box}
          className="w-full [&_.u-legend]:mt-2 [&_.u-legend_.u-off]:hidden! [&_.u-legend]:text-xs! [&_.u-legend]:text-zinc-600 [&_.u-legend_th]:font-medium!"
          data-testid="log-chart"
          data-series={channels.length}
        />
      )}
    </div>
  );
}
