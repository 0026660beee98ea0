import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminExtra } from '../core/data/api';
import { failureOf } from '../core/data/api';
import { useAdminDispatch } from '../core/data/hooks';
import { useLogFramesQuery, useLogSessionsQuery } from '../core/data/logging';
import type { ApiFailure } from '../core/data/types';
import { channelColors, csvFileName, defaultChannels, presentChannels } from './channels';
import { projectTrack } from './track';

/** The box the GPS track is drawn into (SVG user units; the SVG scales it to its width). */
export const TRACK_BOX = { width: 480, height: 320 } as const;

function fetchCsv(session: string): ThunkAction<Promise<Blob>, unknown, AdminExtra, UnknownAction> {
  return (_dispatch, _getState, extra) => extra.provider.logCsv(session);
}

/** Saves bytes under a file name through a temporary link (the browser's download). */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The Logs screen's logic (issue 11): the logging sessions, the one opened (`?session=` in the URL),
 * its channels with the chosen ones, its GPS track, and the CSV export (fetched with the login token,
 * saved as `<vin>-<start>.csv`). The frames themselves go to the chart as they came (uPlot's columns),
 * never through React state point by point.
 */
export function useLogsController() {
  const dispatch = useAdminDispatch();
  const [params, setParams] = useSearchParams();
  const sessions = useLogSessionsQuery();
  const selectedId = params.get('session') ?? undefined;
  const frames = useLogFramesQuery(selectedId ?? '', { skip: !selectedId });
  const log = selectedId && frames.data?.session.id === selectedId ? frames.data : undefined;
  const session = log?.session ?? sessions.data?.sessions.find((s) => s.id === selectedId);

  const channels = useMemo(() => presentChannels(Object.keys(log?.columns ?? {})), [log]);
  // The choice is kept per session; a newly opened session starts with the defaults.
  const [chosen, setChosen] = useState<{ session: string; keys: string[] }>();
  const selected = useMemo(
    () => (chosen && chosen.session === selectedId ? chosen.keys : defaultChannels(channels)),
    [chosen, selectedId, channels],
  );
  const plotted = useMemo(() => channels.filter((c) => selected.includes(c.key)), [channels, selected]);
  const colors = useMemo(() => channelColors(channels), [channels]);
  const toggle = useCallback(
    (key: string) => {
      if (!selectedId) return;
      const keys = selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key];
      // Keep the order of the channel list, so colours and axes stay stable.
      setChosen({ session: selectedId, keys: channels.map((c) => c.key).filter((k) => keys.includes(k)) });
    },
    [selected, selectedId, channels],
  );

  const track = useMemo(
    () =>
      log?.columns.latitude && log.columns.longitude
        ? projectTrack(
            { latitude: log.columns.latitude, longitude: log.columns.longitude, time: log.time },
            TRACK_BOX.width,
            TRACK_BOX.height,
          )
        : undefined,
    [log],
  );

  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const exportCsv = useCallback(async () => {
    if (!session) return;
    setExporting(true);
    setExportError(undefined);
    try {
      saveBlob(await dispatch(fetchCsv(session.id)), csvFileName(session));
    } catch (failure) {
      setExportError((failure as Partial<ApiFailure>).message ?? String(failure));
    } finally {
      setExporting(false);
    }
  }, [dispatch, session]);

  const error = sessions.error ?? (selectedId ? frames.error : undefined);
  return {
    sessions: sessions.data?.sessions ?? [],
    loading: sessions.isLoading,
    fetching: sessions.isFetching,
    refresh: () => void sessions.refetch(),
    error: error ? failureOf(error).message : undefined,
    selectedId,
    session,
    open: (id: string) => setParams({ session: id }),
    close: () => setParams({}),
    log,
    logLoading: Boolean(selectedId) && !log && !frames.error,
    channels,
    selected,
    plotted,
    colors,
    toggle,
    track,
    exportCsv,
    exporting,
    exportError,
  };
}

export type LogsController = ReturnType<typeof useLogsController>;
