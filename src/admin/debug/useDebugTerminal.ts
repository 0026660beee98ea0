import { useCallback, useEffect, useState } from 'react';
import type { DebugEvalReply } from '../../shared/api/realtime';
import { useDebugStatusQuery } from '../core/data/operations';
import { realtimeHub, type RealtimeHub } from '../core/realtime/hub';

const COMMAND_KEY = 'baukasten.debug.command';
const HISTORY_KEY = 'baukasten.debug.history';
/** How many past commands the terminal keeps. */
export const DEBUG_HISTORY_SIZE = 20;

export interface DebugRun {
  key: number;
  js: string;
  reply?: DebugEvalReply;
  failure?: string;
  running: boolean;
}

const read = <T>(key: string, fallback: T): T => {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
};
const write = (key: string, value: unknown) => {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or unavailable: the terminal still works, it just forgets
  }
};

let runCount = 0;

/** The key left of 1 (Swiss German §, a dead key on some layouts; `Backquote` is its physical code). */
export const isTerminalHotkey = (event: KeyboardEvent) =>
  event.altKey && (event.code === 'Backquote' || event.key === 'Dead' || event.key === '§' || event.key === '°');

/**
 * The debug terminal's state (spec section 2): shown only when the server allows the caller (`DEBUG_EVAL=1`,
 * superuser); opens with Alt plus the key left of 1 or the navigation icon; the command is saved as typed,
 * Shift+Enter runs it over the socket (`debug.eval`), the last commands are kept.
 */
export function useDebugTerminal(hub: RealtimeHub = realtimeHub) {
  const status = useDebugStatusQuery();
  const enabled = status.data?.enabled === true;
  const [open, setOpen] = useState(false);
  const [command, setCommandState] = useState(() => read(COMMAND_KEY, ''));
  const [history, setHistory] = useState<string[]>(() => read(HISTORY_KEY, []));
  const [runs, setRuns] = useState<DebugRun[]>([]);

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isTerminalHotkey(event)) return;
      event.preventDefault();
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);

  const setCommand = useCallback((next: string) => {
    setCommandState(next);
    write(COMMAND_KEY, next);
  }, []);

  const run = useCallback(async () => {
    const js = command.trim();
    if (!js) return;
    const nextHistory = [js, ...history.filter((entry) => entry !== js)].slice(0, DEBUG_HISTORY_SIZE);
    setHistory(nextHistory);
    write(HISTORY_KEY, nextHistory);
    const key = ++runCount;
    setRuns((current) => [...current, { key, js, running: true }]);
    const settle = (patch: Partial<DebugRun>) =>
      setRuns((current) =>
        current.map((entry) => (entry.key === key ? { ...entry, ...patch, running: false } : entry)),
      );
    try {
      settle({ reply: (await hub.request('debug.eval', { js })) as DebugEvalReply });
    } catch (error) {
      settle({ failure: error instanceof Error ? error.message : String(error) });
    }
  }, [command, history, hub]);

  return {
    enabled,
    open,
    show: () => setOpen(true),
    setOpen,
    command,
    setCommand,
    history,
    runs,
    clear: () => setRuns([]),
    run: () => void run(),
  };
}

export type DebugTerminalController = ReturnType<typeof useDebugTerminal>;
