import { useEffect, useRef } from 'react';

/**
 * For a field that saves when it is left (a tracked time's name, start and end): `unsaved` is the text typed there
 * and not stored yet (undefined: none). Leaving the page must not lose it. A reload or closing the tab asks first
 * (as useLeaveGuard does for forms), and `save(text)` runs when the page is hidden (a switched tab or app, a phone's
 * lock screen: often the last moment a page runs) or unloaded, once per text (closing a tab does both). `save` may
 * decline text it cannot store (a half-typed date): the question stays until the text is stored or given up.
 * Navigations inside the admin blur the field and save through it.
 */
export function useSaveOnLeave(unsaved: string | undefined, save: (text: string) => void) {
  const latest = useRef({ unsaved, save });
  latest.current = { unsaved, save };
  const flushed = useRef<string>(undefined);
  const pending = unsaved !== undefined;
  useEffect(() => {
    if (!pending) return;
    // Text stored since may be typed again (A, saved as the page hid; B; A again): saved again then.
    flushed.current = undefined;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    const flush = () => {
      const { unsaved: text, save: saveText } = latest.current;
      if (text === undefined || flushed.current === text) return;
      flushed.current = text;
      saveText(text);
    };
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
