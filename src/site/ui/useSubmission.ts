import { useCallback, useRef, useState } from 'react';

export type SubmissionState = 'idle' | 'sending' | 'success' | 'error';

/**
 * Sending state of a public form: `submit` runs the request once at a time; the result opens the
 * success or failure dialog (`onFailure` hears why first), and `close` returns to the form (after success,
 * `onSuccessClosed` resets it).
 */
export function useSubmission(onSuccessClosed?: () => void, onFailure?: (error: unknown) => void) {
  const [state, setState] = useState<SubmissionState>('idle');
  const busy = useRef(false);
  const submit = useCallback(
    async (send: () => Promise<void>) => {
      if (busy.current) return;
      busy.current = true;
      setState('sending');
      try {
        await send();
        setState('success');
      } catch (error) {
        console.error('Form submission failed', error);
        onFailure?.(error);
        setState('error');
      } finally {
        busy.current = false;
      }
    },
    [onFailure],
  );
  const close = useCallback(() => {
    if (state === 'success') onSuccessClosed?.();
    setState('idle');
  }, [state, onSuccessClosed]);
  return { state, submit, close };
}
