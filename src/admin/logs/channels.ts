import type { LogSession } from '../../shared/api/logging';
import { CALCULATED_VALUES, DISPLAY_DECIMALS, ENGINE_VALUES } from '../../shared/diagnostics/values';

/** One plottable value of a log: its data key, name, unit and the decimals its values are shown with. */
export interface Channel {
  key: string;
  name: string;
  unit: string;
  /** Decimals shown (as the diagnostics tool's gauges); undefined for a key outside the tables: up to two. */
  decimals?: number;
}

/** The position values that are worth a line over time (latitude and longitude make the track instead). */
const POSITION_CHANNELS: Channel[] = [
  { key: 'speed', name: 'GPS speed', unit: 'km/h', decimals: 1 },
  { key: 'altitude', name: 'Altitude', unit: 'm', decimals: 0 },
  { key: 'heading', name: 'Heading', unit: '°', decimals: 0 },
];
const KNOWN: Channel[] = [
  ...[...ENGINE_VALUES, ...CALCULATED_VALUES].map(({ key, name, unit }) => ({
    key,
    name,
    unit,
    decimals: DISPLAY_DECIMALS.get(key),
  })),
  ...POSITION_CHANNELS,
];
const TRACK_KEYS = new Set<string>(['latitude', 'longitude']);

/** Shown when a session is opened, when present: engine speed, boost pressure actual and its setpoint. */
export const DEFAULT_CHANNELS = ['engineSpeed', 'map', 'mapSetpoint'];

export const KNOCK_KEYS = ['knockCyl1', 'knockCyl2', 'knockCyl3', 'knockCyl4'];

/**
 * The channels of a log's columns, in the order of the reference tables (engine values, calculated
 * values, position), then any other key by name; latitude and longitude are left to the GPS track.
 */
export function presentChannels(keys: readonly string[]): Channel[] {
  const present = new Set(keys);
  const known = KNOWN.filter((channel) => present.has(channel.key));
  const knownKeys = new Set(KNOWN.map((channel) => channel.key));
  const others = keys
    .filter((key) => !knownKeys.has(key) && !TRACK_KEYS.has(key))
    .sort((a, b) => a.localeCompare(b))
    .map((key) => ({ key, name: key, unit: '' }));
  return [...known, ...others];
}

/** The default channels present in the log (the first channel when none of them is). */
export function defaultChannels(channels: readonly Channel[]): string[] {
  const keys = DEFAULT_CHANNELS.filter((key) => channels.some((channel) => channel.key === key));
  return keys.length || !channels.length ? keys : [channels[0].key];
}

/** One colour per channel, by its place in the log's channel list (the checkbox shows the same colour). */
export const CHANNEL_COLORS = [
  '#2563eb',
  '#f59e0b',
  '#059669',
  '#e11d48',
  '#7c3aed',
  '#0891b2',
  '#ea580c',
  '#65a30d',
  '#c026d3',
  '#0284c7',
  '#52525b',
  '#ca8a04',
];
export const channelColor = (index: number) => CHANNEL_COLORS[index % CHANNEL_COLORS.length];

/** Colour of each channel by its place in the list. */
export function channelColors(channels: readonly Channel[]): Record<string, string> {
  return Object.fromEntries(channels.map((channel, i) => [channel.key, channelColor(i)]));
}

/** "1:02:03" or "2:03" (minutes and seconds) between two ISO date-times. */
export function formatDuration(start: string, end: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The worst knock retard of any cylinder in the session, if it logged any: knock retard is ≤ 0 and grows
 * more negative (diagnostics-bridge.md, range −15–0), so the worst is the smallest of the cylinders' minima.
 */
export function worstKnock(session: Pick<LogSession, 'min'>): number | undefined {
  const values = KNOCK_KEYS.map((key) => session.min?.[key]).filter((value) => typeof value === 'number');
  return values.length ? Math.min(...values) : undefined;
}

/**
 * The value of a log's key ("6'480 rpm", "152.3 kPa") as its channel shows it in the chart and the
 * tool's gauges, so a session's maxima read the same as the chart under the cursor; a dash when absent.
 */
export const formatKeyValue = (key: string, value: number | undefined): string =>
  formatChannelValue(presentChannels([key])[0], value);

const channelFormats = new Map<number | undefined, Intl.NumberFormat>();

/**
 * A channel's value as the chart's legend shows it under the cursor: at the channel's decimals with
 * its unit ("2'319 rpm", "96.8 kPa", "0.99 λ"), as the tool's gauges show it; a dash where there is none.
 */
export function formatChannelValue(channel: Channel, value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  const { decimals } = channel;
  let format = channelFormats.get(decimals);
  if (!format)
    channelFormats.set(
      decimals,
      (format = new Intl.NumberFormat('de-CH', {
        minimumFractionDigits: decimals ?? 0,
        maximumFractionDigits: decimals ?? 2,
        // A value that rounds to zero shows "0.0", not "-0.0".
        signDisplay: 'negative',
      })),
    );
  return `${format.format(value)}${channel.unit ? ` ${channel.unit}` : ''}`;
}

/** The file name of a session's CSV export: `<vin>-<start>.csv`, the start without characters file systems dislike. */
export function csvFileName(session: Pick<LogSession, 'vin' | 'start'>): string {
  return `${session.vin}-${session.start.replace(/[:.]/g, '-')}.csv`;
}
