import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useNavigate, type BlockerFunction, type Location } from 'react-router';

/**
 * Keeps unsaved changes from being lost by leaving: while `dirty`, a navigation to another screen is held
 * (`blocker.state === 'blocked'`) until the user decides in the LeaveDialog, and the browser asks before a
 * reload or closing the tab. A change of the query alone stays on the screen and is let through.
 * `release()` lets the next navigation pass: the form's own, to a created document's page or to the list
 * after a delete. `leave(target)` goes where the held navigation went, also when the form's own navigation
 * came in between (saving a new document opens its page first).
 */
export function useLeaveGuard(dirty: boolean) {
  const held = useRef(dirty);
  held.current = dirty;
  const released = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (released.current) {
      released.current = false;
      return false;
    }
    return held.current && currentLocation.pathname !== nextLocation.pathname;
  }, []);
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  const latest = useRef(blocker);
  latest.current = blocker;
  const navigate = useNavigate();
  const leave = useCallback(
    (target: Location) => {
      if (latest.current.state === 'blocked') return latest.current.proceed();
      release();
      void navigate(target);
    },
    [navigate, release],
  );
  return { blocker, release, leave };
}

export type LeaveGuard = ReturnType<typeof useLeaveGuard>;
