import { useEffect, useRef } from 'react';

/**
 * For a field that saves on blur (a tracked time's name): while `pending`, leaving the page must not lose the
 * text. A reload or closing the tab asks first (as useLeaveGuard does for forms), and the text is saved when the
 * page is hidden (a switched tab or app, a phone's lock screen: often the last moment a page runs) or unloaded.
 * Navigations inside the admin blur the field and save through it.
 */
export function useSaveOnLeave(pending: boolean, save: () => void) {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    if (!pending) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    const flush = () => latest.current();
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('beforeunload', ask);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('beforeunload', ask);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [pending]);
}
