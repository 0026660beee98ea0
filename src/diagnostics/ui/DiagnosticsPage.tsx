import { Bluetooth, Circle, FlaskConical, PlugZap, RefreshCw, Unplug } from 'lucide-react';
import { Gauges } from './Gauges';
import { LoginForm } from './LoginForm';
import { buttonClass, Card, FaultsCard, IdentificationCard, primaryClass, RawConsole } from './Panels';
import type { DiagnosticsController, Phase } from './useDiagnostics';

const PHASE_LABEL: Record<Phase, string> = {
  disconnected: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  lost: 'Connection lost',
  reconnecting: 'Reconnecting…',
};

const POSITION_LABEL = {
  off: 'GPS off',
  waiting: 'Waiting for GPS…',
  on: 'GPS on',
  denied: 'GPS not allowed',
  unavailable: 'No GPS',
} as const;

/** The diagnostics tool at /_/simos-web (spec section 2): it only draws what useDiagnostics holds. */
export function DiagnosticsPage({ controller: c }: { controller: DiagnosticsController }) {
  const connected = c.phase === 'connected';
  const canLog = connected && c.ecuStatus.state === 'identified';
  // Logging stays switched on over a lost link (it goes on after Reconnect), but nothing is logged
  // meanwhile: the button says so instead of showing "Logging" as if frames were recorded.
  const paused = c.logging && !connected;
  return (
    <div className="mx-auto max-w-7xl space-y-4 p-3 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-lg font-semibold text-zinc-50">Simos Web</h1>
          <span
            role="status"
            aria-label="Connection"
            className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ${
              connected
                ? 'bg-emerald-950 text-emerald-300'
                : c.phase === 'lost'
                  ? 'bg-red-950 text-red-300'
                  : 'bg-zinc-800 text-zinc-300'
            }`}
          >
            <Circle className="size-2 fill-current" aria-hidden />
            {PHASE_LABEL[c.phase]}
            {c.demo && c.phase !== 'disconnected' ? ' (demo)' : ''}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          {c.phase === 'disconnected' || c.phase === 'connecting' ? (
            <>
              <button
                className={primaryClass}
                disabled={!c.bluetoothAvailable || c.phase === 'connecting'}
                onClick={() => void c.connect(false)}
              >
                <Bluetooth className="size-4" aria-hidden /> Connect
              </button>
              <button className={buttonClass} disabled={c.phase === 'connecting'} onClick={() => void c.connect(true)}>
                <FlaskConical className="size-4" aria-hidden /> Demo
              </button>
            </>
          ) : (
            <>
              {(c.phase === 'lost' || c.phase === 'reconnecting') && (
                <button
                  className={primaryClass}
                  disabled={c.phase === 'reconnecting'}
                  onClick={() => void c.reconnect()}
                >
                  <RefreshCw className="size-4" aria-hidden /> Reconnect
                </button>
              )}
              <button className={buttonClass} onClick={() => void c.disconnect()}>
                <Unplug className="size-4" aria-hidden /> Disconnect
              </button>
            </>
          )}
        </div>
      </header>

      {!c.bluetoothAvailable && (
        <p role="note" className="rounded-lg border border-amber-800 bg-amber-950/60 px-4 py-3 text-sm text-amber-200">
          This browser has no Web Bluetooth. Use Chrome or Edge on Android, Windows, macOS or ChromeOS to connect to the
          bridge (Safari, iOS and Firefox cannot). The Demo shows the tool with a simulated car.
        </p>
      )}
      {c.error && (
        <p role="alert" className="rounded-lg border border-red-800 bg-red-950/60 px-4 py-3 text-sm text-red-200">
          {c.error}
        </p>
      )}
      {c.phase === 'lost' && (
        <p role="alert" className="rounded-lg border border-red-800 bg-red-950/60 px-4 py-3 text-sm text-red-200">
          The Bluetooth connection to the bridge was lost. Check that the dongle has power and is in reach, then
          reconnect.
        </p>
      )}

      {c.phase === 'disconnected' ? (
        <Card title="Start">
          <p className="max-w-prose text-sm text-zinc-300">
            Plug the BridgeLEG dongle into the car's OBD port, switch the ignition on and press Connect, then choose{' '}
            <span className="font-mono">BLE_TO_ISOTP20</span>. The engine is identified a second later and the gauges go
            live.
          </p>
        </Card>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <IdentificationCard status={c.ecuStatus} connected={connected} onRetry={c.retryIdentification} />
            <Card title="Logging">
              <div className="flex flex-wrap items-center gap-3">
                <button
                  aria-pressed={c.logging}
                  aria-describedby={paused ? 'logging-paused' : undefined}
                  // Switching logging off stays possible while it is paused.
                  disabled={!canLog && !c.logging}
                  onClick={() => c.setLogging(!c.logging)}
                  className={`inline-flex h-11 min-w-36 items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold disabled:opacity-50 ${
                    paused
                      ? 'border border-dashed border-amber-600 bg-transparent text-amber-200 hover:bg-amber-950/60'
                      : c.logging
                        ? 'bg-red-600 text-white hover:bg-red-500'
                        : 'bg-zinc-800 text-zinc-100 hover:bg-zinc-700'
                  }`}
                >
                  <PlugZap className="size-4" aria-hidden />
                  {paused ? 'Logging paused' : c.logging ? 'Logging' : 'Not Logging'}
                </button>
                <label className="flex items-center gap-2 text-sm text-zinc-300">
                  Read by
                  <select
                    value={c.mode}
                    onChange={(event) => void c.changeMode(event.target.value as 'persist' | 'poll')}
                    className="h-9 rounded-md border border-zinc-700 bg-zinc-950 px-2 text-sm text-zinc-100"
                  >
                    <option value="persist">Bridge (persist mode)</option>
                    <option value="poll">Polling</option>
                  </select>
                </label>
              </div>
              {paused && (
                <p id="logging-paused" className="mt-2 text-sm text-amber-200">
                  Nothing is logged while the connection is lost. Logging goes on after Reconnect; press the button to
                  stop it.
                </p>
              )}
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                <Figure label="Rate" value={`${c.rate} fps`} testId="rate" />
                <Figure label="Uploaded" value={String(c.upload.sent)} testId="uploaded" />
                <Figure label="Waiting" value={String(c.upload.queued)} testId="waiting" />
                <Figure label="Position" value={POSITION_LABEL[c.position.status]} />
              </dl>
              {c.upload.error && (
                <UploadFailure error={c.upload.error} queued={c.upload.queued} onLogin={c.resumeUpload} />
              )}
            </Card>
          </div>
          <Gauges live={c.live} />
          <div className="grid gap-4 lg:grid-cols-2">
            <FaultsCard faults={c.faults} connected={connected} />
            <RawConsole raw={c.raw} connected={connected} />
          </div>
        </>
      )}
    </div>
  );
}

/**
 * Why the last upload failed, while it holds (the next successful upload clears it). An ended login
 * keeps the frames waiting and asks for a new one here; a refused frame is left out; anything else
 * (network, server) is tried again.
 */
function UploadFailure({
  error,
  queued,
  onLogin,
}: {
  error: { message: string; status: number };
  queued: number;
  onLogin: () => void;
}) {
  const refused = error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
  const what =
    error.status === 401
      ? `Log in again to upload them: ${queued} ${queued === 1 ? 'frame waits' : 'frames wait'} until then.`
      : refused
        ? 'The refused frames are left out; the others are uploaded.'
        : 'The waiting frames are sent again shortly.';
  return (
    <div
      role="alert"
      aria-label="Upload"
      className="mt-3 space-y-3 rounded-md bg-amber-950/70 px-3 py-2 text-sm text-amber-200"
    >
      <p>
        Upload failed: {error.message.replace(/\.$/, '')}. {what}
      </p>
      {error.status === 401 && (
        <div className="max-w-sm pb-1">
          <LoginForm onLogin={onLogin} label="Log in and upload" />
        </div>
      )}
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-md bg-zinc-950 px-3 py-2">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="font-medium text-zinc-100 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
