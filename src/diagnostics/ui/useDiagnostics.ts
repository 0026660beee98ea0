import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browserBluetooth, type BluetoothLike } from '../bluetooth/gatt';
import { BridgeTransport } from '../bluetooth/transport';
import { EcuClient, isSimos18, type Identification } from '../ecu/ecu';
import { ValueStream, type StreamMode, type ValueFrame } from '../ecu/valueStream';
import { ProtocolError } from '../protocol/frame';
import type { FaultCode } from '../protocol/uds';
import { SimulatedBluetooth } from '../simulator/bluetooth';
import type { LoginState } from '../../shared/api/auth';
import { otherUsersFrames, userFrameStore, userStoreName, type OtherUserFrames } from '../upload/frameStore';
import { browserLocks } from '../upload/locks';
import { FrameUploader, IDLE_UPLOAD, type UploadState } from '../upload/uploader';
import { LiveValues } from './liveValues';
import { onStoredLogin, postFrames } from './server';
import { usePosition } from './usePosition';

/** Spec section 4: the identification is read 1 s after connecting. */
export const IDENTIFY_AFTER_MS = 1000;

export type Phase = 'disconnected' | 'connecting' | 'connected' | 'lost' | 'reconnecting';

export interface EcuStatus {
  state: 'waiting' | 'identified' | 'other' | 'silent';
  identification?: Identification;
  message?: string;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The diagnostics tool's logic (the view only draws): connecting over Web Bluetooth or the demo
 * bridge, identification, the live value stream, logging with upload and position, fault codes and
 * the raw console's requests. A lost link is shown and can be reconnected without the chooser.
 */
export function useDiagnostics(login: LoginState, onLogin: (login: LoginState) => void = () => {}) {
  const bluetooth = useMemo(() => browserBluetooth(), []);
  const [phase, setPhase] = useState<Phase>('disconnected');
  const [error, setError] = useState<string>();
  const [demo, setDemo] = useState(false);
  const [ecuStatus, setEcuStatus] = useState<EcuStatus>({ state: 'waiting' });
  const [mode, setMode] = useState<StreamMode>('persist');
  const [logging, setLogging] = useState(false);
  const [rate, setRate] = useState(0);
  const [upload, setUpload] = useState<UploadState>(IDLE_UPLOAD);
  const live = useMemo(() => new LiveValues(), []);
  const position = usePosition(logging);

  const transport = useRef<BridgeTransport | undefined>(undefined);
  const stream = useRef<ValueStream | undefined>(undefined);
  /** Ends the pause before the identification early: Disconnect leaves no timer running. */
  const pauses = useRef(new Set<() => void>());
  const pause = useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        const end = () => {
          clearTimeout(timer);
          pauses.current.delete(end);
          resolve();
        };
        const timer = setTimeout(end, ms);
        pauses.current.add(end);
      }),
    [],
  );
  const identification = useRef<Identification | undefined>(undefined);
  // The user's frames wait in the browser's storage too: those an earlier session left are uploaded from the
  // start, by one tab of the browser at a time.
  const uploader = useMemo(() => {
    const request = browserLocks();
    return new FrameUploader(postFrames(login), {
      store: userFrameStore(login.user, request),
      lock: request && { request, name: userStoreName(login.user._id) },
    });
  }, [login]);
  useEffect(() => {
    void uploader.start();
    // Another user's uploader: nothing of the one before (its failure, its figures) is shown as theirs.
    setUpload({ ...uploader.state });
    return () => uploader.stop();
  }, [uploader]);
  const otherUsers = useOtherUsersFrames(login.user._id, uploader);
  const record = useRef<(frame: ValueFrame) => void>(() => {});
  record.current = (frame) => {
    live.push(frame);
    const vin = identification.current?.vin;
    if (logging && vin)
      uploader.add({ timestamp: new Date(frame.time).toISOString(), vin, data: { ...frame.values, ...position.data } });
  };

  const ecu = useCallback(() => (transport.current ? new EcuClient(transport.current) : undefined), []);

  const startStream = useCallback(async (client: EcuClient, streamMode: StreamMode) => {
    await stream.current?.stop().catch(() => {});
    stream.current = new ValueStream(client, {
      mode: streamMode,
      onFrame: (frame) => record.current(frame),
      onError: (reason) => console.debug('Value read failed', reason),
    });
    await stream.current.start();
  }, []);

  /** After connecting: wait 1 s (`wait`), identify, and stream values from a Simos 18. */
  const identify = useCallback(
    async (client: EcuClient, streamMode: StreamMode, wait = IDENTIFY_AFTER_MS) => {
      setEcuStatus({ state: 'waiting' });
      await pause(wait);
      // The link went (or another connection took its place) meanwhile: Reconnect identifies then.
      const gone = () => !client.transport.connected || client.transport !== transport.current;
      if (gone()) return;
      let found: Identification;
      try {
        found = await client.identify();
      } catch (reason) {
        // Not the engine's silence: the Bluetooth link was lost while asking, which the tool shows already.
        if (gone()) return;
        return setEcuStatus({
          state: 'silent',
          message:
            reason instanceof ProtocolError && reason.message === 'Timeout'
              ? 'The bridge answers, but no engine control unit does. Is the ignition on?'
              : `The engine control unit could not be identified: ${message(reason)}`,
        });
      }
      identification.current = found;
      if (!isSimos18(found)) {
        return setEcuStatus({
          state: 'other',
          identification: found,
          message: `This control unit is not a Simos 18 (${found.odx || 'no ODX identifier'}): its values cannot be read.`,
        });
      }
      setEcuStatus({ state: 'identified', identification: found });
      // Lost meanwhile: Reconnect starts the stream.
      if (!gone())
        await startStream(client, streamMode).catch((reason: unknown) => console.debug('Value stream failed', reason));
    },
    [pause, startStream],
  );

  const connect = useCallback(
    async (useDemo: boolean) => {
      const source: BluetoothLike | undefined = useDemo ? new SimulatedBluetooth() : bluetooth;
      if (!source) return;
      setError(undefined);
      setDemo(useDemo);
      setPhase('connecting');
      // A new connection: the values of the last one (perhaps another car) are not shown as this one's.
      live.clear();
      try {
        // Called for a lost link only: Disconnect removes the transport's listeners before it closes the link.
        transport.current = await BridgeTransport.request(source, {
          onDisconnect: () => {
            void stream.current?.stop().catch(() => {});
            stream.current = undefined;
            // The gauges keep the last values, shown as stale until fresh frames arrive.
            live.markStale();
            setRate(0);
            setPhase('lost');
          },
        });
        setPhase('connected');
        void identify(new EcuClient(transport.current), mode);
      } catch (reason) {
        setPhase('disconnected');
        // Closing the browser's chooser is no error worth showing.
        if (!(reason instanceof DOMException && reason.name === 'NotFoundError')) setError(message(reason));
      }
    },
    [bluetooth, identify, live, mode],
  );

  const reconnect = useCallback(async () => {
    const current = transport.current;
    if (!current) return;
    // An error describes the current state: the last attempt's failure is over once a new one starts.
    setError(undefined);
    setPhase('reconnecting');
    try {
      await current.connect();
      setPhase('connected');
      const client = new EcuClient(current);
      if (identification.current && isSimos18(identification.current)) await startStream(client, mode);
      else void identify(client, mode);
    } catch (reason) {
      setPhase('lost');
      setError(`Reconnecting failed: ${message(reason)}`);
    }
  }, [identify, mode, startStream]);

  /**
   * Stops the stream (its timers), then closes the link with every listener the transport added, so a
   * connection made afterwards (the same device chosen again) is the only one handling its notifications.
   */
  const disconnect = useCallback(async () => {
    setLogging(false);
    const closed = transport.current;
    transport.current = undefined;
    for (const end of [...pauses.current]) end();
    await stream.current?.stop().catch(() => {});
    stream.current = undefined;
    closed?.disconnect();
    setRate(0);
    identification.current = undefined;
    setEcuStatus({ state: 'waiting' });
    setError(undefined);
    setPhase('disconnected');
  }, []);

  /** The engine stayed silent (ignition off): asks again over the same connection, no chooser. */
  const retryIdentification = useCallback(() => {
    const client = ecu();
    if (client?.transport.connected) void identify(client, mode, 0);
  }, [ecu, identify, mode]);

  const changeMode = useCallback(
    async (next: StreamMode) => {
      setMode(next);
      const client = ecu();
      if (client && stream.current) await startStream(client, next);
    },
    [ecu, startStream],
  );

  // Figures refresh twice a second: a state change per frame would redraw the whole page 20 times a second.
  useEffect(() => {
    const timer = setInterval(() => {
      setRate(stream.current?.rate ?? 0);
      // Connected, but no frames for a while (the engine stopped answering): the values are not live either.
      live.expire();
      setUpload((current) => {
        const next = uploader.state;
        const same = (Object.keys(next) as (keyof UploadState)[]).every((key) => current[key] === next[key]);
        return same && Object.keys(current).length === Object.keys(next).length ? current : { ...next };
      });
    }, 500);
    return () => clearInterval(timer);
  }, [live, uploader]);
  useEffect(() => () => void disconnect(), [disconnect]);
  useEffect(() => {
    if (!logging) void uploader.flush();
  }, [logging, uploader]);

  /**
   * After a new login: the frames kept while uploads were refused go now. Another user logged in is the
   * tool's user from now on (the login is the browser's); the frames of the one before stay theirs.
   */
  const resumeUpload = useCallback(
    (next: LoginState) => {
      if (next.user._id !== login.user._id) return onLogin(next);
      uploader.retryNow();
      setUpload({ ...uploader.state });
    },
    [login, onLogin, uploader],
  );
  // A login stored in another tab (the back office shares it) counts as one here, without a reload.
  useEffect(() => onStoredLogin(resumeUpload), [resumeUpload]);

  const faults = useFaults(ecu);
  const raw = useCallback(
    async (request: Uint8Array) => {
      const client = ecu();
      if (!client) throw new Error('Not connected');
      return client.raw(request);
    },
    [ecu],
  );

  return {
    bluetoothAvailable: Boolean(bluetooth),
    phase,
    error,
    demo,
    ecuStatus,
    retryIdentification,
    mode,
    changeMode,
    logging,
    setLogging,
    rate,
    upload,
    otherUsers,
    resumeUpload,
    position,
    live,
    connect,
    reconnect,
    disconnect,
    faults,
    raw,
  };
}

export type DiagnosticsController = ReturnType<typeof useDiagnostics>;

/**
 * The frames other users of this browser logged and keep waiting (shown, never uploaded here): counted
 * when the tool's user changes, once the uploader before has written what it had, and every 10 s.
 */
function useOtherUsersFrames(userId: string, uploader: FrameUploader) {
  const [others, setOthers] = useState<OtherUserFrames[]>([]);
  const before = useRef<FrameUploader | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const count = () =>
      void otherUsersFrames(userId).then(
        (found) => current && setOthers((shown) => (JSON.stringify(shown) === JSON.stringify(found) ? shown : found)),
        (error: unknown) => console.debug('The frames of other users could not be counted', error),
      );
    const previous = before.current;
    before.current = uploader;
    void (previous ? previous.saved() : Promise.resolve()).then(count);
    const timer = setInterval(count, 10_000);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [userId, uploader]);
  return others;
}

/** Reading and clearing fault codes (clearing is confirmed by the view first). */
function useFaults(ecu: () => EcuClient | undefined) {
  const [codes, setCodes] = useState<FaultCode[]>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = useCallback(
    async (work: (client: EcuClient) => Promise<FaultCode[]>) => {
      const client = ecu();
      if (!client) return;
      setBusy(true);
      setError(undefined);
      try {
        setCodes(await work(client));
      } catch (reason) {
        setError(message(reason));
      } finally {
        setBusy(false);
      }
    },
    [ecu],
  );
  return {
    codes,
    busy,
    error,
    read: () => run((client) => client.readFaults()),
    clear: () =>
      run(async (client) => {
        await client.clearFaults();
        return client.readFaults();
      }),
  };
}
