import {
  LOGGING_SESSION_GAP_MS,
  LOGGING_URLS,
  type LogFramesAnswer,
  type LoggingFrame,
  type LogSession,
  type LogSessionsAnswer,
} from '../../../shared/api/logging';
import { adminApi, providerOf, run } from './api';
import { ApiError } from './types';

/** The back office's calls of the diagnostics tool's logging (src/shared/api/logging.ts): part of the one data interface. */
export interface LoggingProvider {
  /** `GET /api/logging/sessions`: newest first. */
  logSessions(): Promise<LogSessionsAnswer>;
  /** `GET /api/logging/frames?session=`: one session's frames in columns. */
  logFrames(session: string): Promise<LogFramesAnswer>;
  /** `GET /api/logging/export.csv?session=`: the CSV bytes (the request needs the login token). */
  logCsv(session: string): Promise<Blob>;
}

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;
type Send = (method: string, path: string, body?: string, contentType?: string, accept?: string) => Promise<Response>;

const enc = encodeURIComponent;

export function httpLogging(call: Call, send: Send): LoggingProvider {
  return {
    logSessions: () => call('GET', LOGGING_URLS.sessions),
    logFrames: (session) => call('GET', `${LOGGING_URLS.frames}?session=${enc(session)}`),
    async logCsv(session) {
      return (await send('GET', `${LOGGING_URLS.exportCsv}?session=${enc(session)}`, undefined, undefined, 'text/csv')).blob();
    },
  };
}

/** Frames of one VIN, sorted, split into sessions where two frames are more than the gap apart (as the server does). */
function groupSessions(frames: readonly LoggingFrame[]): { session: LogSession; frames: LoggingFrame[] }[] {
  const byVin = new Map<string, LoggingFrame[]>();
  for (const frame of frames) byVin.set(frame.vin, [...(byVin.get(frame.vin) ?? []), frame]);
  const groups: { session: LogSession; frames: LoggingFrame[] }[] = [];
  for (const [vin, list] of byVin) {
    const sorted = [...list].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
    let current: LoggingFrame[] = [];
    const close = () => {
      if (!current.length) return;
      const max: Record<string, number> = {};
      const min: Record<string, number> = {};
      for (const frame of current)
        for (const [key, value] of Object.entries(frame.data)) {
          max[key] = Math.max(max[key] ?? -Infinity, value);
          min[key] = Math.min(min[key] ?? Infinity, value);
        }
      const start = new Date(current[0].timestamp).toISOString();
      groups.push({
        session: {
          id: `${vin}~${start}`,
          vin,
          start,
          end: new Date(current[current.length - 1].timestamp).toISOString(),
          frames: current.length,
          max,
          min,
        },
        frames: current,
      });
      current = [];
    };
    for (const frame of sorted) {
      const last = current[current.length - 1];
      if (last && Date.parse(frame.timestamp) - Date.parse(last.timestamp) > LOGGING_SESSION_GAP_MS) close();
      current.push(frame);
    }
    close();
  }
  return groups.sort((a, b) => b.session.start.localeCompare(a.session.start));
}

/** In memory (stories and component tests): the sessions, columns and CSV of the given frames. */
export function memoryLogging(frames: readonly LoggingFrame[] = []): LoggingProvider {
  let groups: ReturnType<typeof groupSessions> | undefined;
  const sessions = () => (groups ??= groupSessions(frames));
  const need = (id: string) => {
    const group = sessions().find((g) => g.session.id === id);
    if (!group) throw new ApiError(404, 'Logging session not found');
    return group;
  };
  const keysOf = (list: LoggingFrame[]) => [...new Set(list.flatMap((frame) => Object.keys(frame.data)))];
  return {
    async logSessions() {
      return { sessions: sessions().map((g) => structuredClone(g.session)) };
    },
    async logFrames(id) {
      const group = need(id);
      const columns: LogFramesAnswer['columns'] = {};
      for (const key of keysOf(group.frames)) columns[key] = group.frames.map((frame) => frame.data[key] ?? null);
      return {
        session: structuredClone(group.session),
        time: group.frames.map((frame) => Date.parse(frame.timestamp) / 1000),
        columns,
      };
    },
    async logCsv(id) {
      const group = need(id);
      const keys = keysOf(group.frames).sort();
      const t0 = Date.parse(group.frames[0].timestamp);
      const lines = group.frames.map((frame) =>
        [
          ((Date.parse(frame.timestamp) - t0) / 1000).toFixed(3),
          new Date(frame.timestamp).toISOString(),
          ...keys.map((key) => frame.data[key] ?? ''),
        ].join(','),
      );
      return new Blob([[['Time', 'Timestamp', ...keys].join(','), ...lines].join('\n') + '\n'], { type: 'text/csv' });
    },
  };
}

/** The logging endpoints, injected into the one admin API (style: one data interface). */
export const loggingApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * No cache tag on purpose: a car logging uploads 20 frames per second, and refetching every session
     * on each of their realtime events would load the server for nothing; the screen has a refresh button.
     */
    logSessions: build.query<LogSessionsAnswer, void>({
      queryFn: (_arg, api) => run(() => providerOf(api).logSessions()),
    }),
    /**
     * A session's columns: up to 100,000 frames, so kept only while the screen shows it. The answer is
     * frozen at its top, so the store neither walks nor freezes its millions of values (Immer skips a
     * frozen object; walking them took about a second); nothing changes it.
     */
    logFrames: build.query<LogFramesAnswer, string>({
      queryFn: (session, api) => run(async () => Object.freeze(await providerOf(api).logFrames(session))),
      structuralSharing: false,
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { useLogSessionsQuery, useLogFramesQuery } = loggingApi;
