import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useState } from 'react';
import { sessionTabUrl } from '../../../shared/api/payment';
import type { AdminExtra } from '../data/api';
import { useAdminDispatch } from '../data/hooks';
import type { ApiFailure } from '../data/types';

function checkLink(path: string): ThunkAction<Promise<void>, unknown, AdminExtra, UnknownAction> {
  return (_dispatch, _getState, extra) => extra.provider.checkLink(path);
}

/**
 * Opens a file the API renders (an invoice PDF) in a new tab. The tab is opened at once (inside the click, where
 * browsers allow it); once the API answered the file, the tab loads it from its session URL, where the server
 * names it (the viewer saves `Rechnung-4-….pdf`, not a blob's random name). When the API refuses (e.g. 422
 * "client address missing"), the tab closes and the message stays.
 */
export function useOpenLink() {
  const dispatch = useAdminDispatch();
  const [pending, setPending] = useState<string>();
  const [error, setError] = useState<{ path: string; message: string }>();
  const open = useCallback(
    async (path: string) => {
      const tab = window.open('', '_blank');
      setPending(path);
      setError(undefined);
      try {
        await dispatch(checkLink(path));
        if (tab) tab.location.href = sessionTabUrl(path);
        else window.location.assign(sessionTabUrl(path));
      } catch (failure) {
        tab?.close();
        setError({ path, message: (failure as Partial<ApiFailure>).message ?? String(failure) });
      } finally {
        setPending(undefined);
      }
    },
    [dispatch],
  );
  return { open, pending, error, clearError: () => setError(undefined) };
}
