import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useState } from 'react';
import type { AdminExtra } from '../data/api';
import { useAdminDispatch } from '../data/hooks';
import type { ApiFailure } from '../data/types';

const REVOKE_AFTER_MS = 5 * 60_000;

function fetchLinkBlob(path: string): ThunkAction<Promise<Blob>, unknown, AdminExtra, UnknownAction> {
  return (_dispatch, _getState, extra) => extra.provider.linkBlob(path);
}

/**
 * Opens a file the API renders (an invoice PDF) in a new tab. The request needs the login token, so
 * the tab is opened at once (inside the click, where browsers allow it) and pointed at the fetched
 * bytes; when the API refuses (e.g. 422 "client address missing"), the tab closes and the message stays.
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
        const blob = await dispatch(fetchLinkBlob(path));
        const url = URL.createObjectURL(blob);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
        setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
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
