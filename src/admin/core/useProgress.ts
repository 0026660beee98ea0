import { useCallback, useEffect, useRef, useState } from 'react';
import { PROGRESS_MIN_MS, PROGRESS_SUCCESS_RESET_MS } from '../../shared/rules/constants';

export type ProgressState =
  { phase: 'idle' } | { phase: 'loading' } | { phase: 'success' } | { phase: 'error'; message: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spec section 4, progress buttons: idle, then loading for at least 0.5 s, then success (back to
 * idle after 1 s) or error (kept, with its message, until the next run or `dismiss`: a form dismisses
 * it once the user changes what was refused).
 */
export function useProgress<T, A extends unknown[] = []>(
  action: (...args: A) => Promise<T>,
  options: { minMs?: number; resetMs?: number } = {},
) {
  const { minMs = PROGRESS_MIN_MS, resetMs = PROGRESS_SUCCESS_RESET_MS } = options;
  const [state, setState] = useState<ProgressState>({ phase: 'idle' });
  const mounted = useRef(true);
  const reset = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(reset.current);
    };
  }, []);

  const run = useCallback(
    async (...args: A): Promise<T | undefined> => {
      clearTimeout(reset.current);
      setState({ phase: 'loading' });
      const [outcome] = await Promise.all([
        action(...args).then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
        sleep(minMs),
      ]);
      if (!mounted.current) return outcome.ok ? outcome.value : undefined;
      if (!outcome.ok) {
        const error = outcome.error as { message?: unknown };
        setState({
          phase: 'error',
          message: typeof error?.message === 'string' ? error.message : String(outcome.error),
        });
        return undefined;
      }
      setState({ phase: 'success' });
      reset.current = setTimeout(() => mounted.current && setState({ phase: 'idle' }), resetMs);
      return outcome.value;
    },
    [action, minMs, resetMs],
  );

  const dismiss = useCallback(
    () => setState((current) => (current.phase === 'error' ? { phase: 'idle' } : current)),
    [],
  );

  return { state, run, dismiss };
}
