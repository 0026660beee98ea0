import { Bluetooth, Circle, FlaskConical, RefreshCw, Unplug } from 'lucide-react';
import { Gauges } from './Gauges';
import { LoggingCard, uploadNews } from './LoggingCard';
import { buttonClass, Card, FaultsCard, IdentificationCard, primaryClass, RawConsole } from './Panels';
import type { DiagnosticsController, Phase } from './useDiagnostics';

const PHASE_LABEL: Record<Phase, string> = {
  disconnected: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  lost: 'Connection lost',
  reconnecting: 'Reconnecting…',
};

/** The diagnostics tool at /_/simos-web (spec section 2): it only draws what useDiagnostics holds. */
export function DiagnosticsPage({ controller: c }: { controller: DiagnosticsController }) {
  const connected = c.phase === 'connected';
  // Not connected, the logging card is shown while the upload has news (frames an earlier session left, or
  // another user's).
  const news = uploadNews(c.upload, c.otherUsers);
  return (
    <main className="mx-auto max-w-7xl space-y-4 p-3 sm:p-6">
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
        <div className={news ? 'grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : undefined}>
          <Card title="Start">
            <p className="max-w-prose text-sm text-zinc-300">
              Plug the BridgeLEG dongle into the car's OBD port, switch the ignition on and press Connect, then choose{' '}
              <span className="font-mono">BLE_TO_ISOTP20</span>. The engine is identified a second later and the gauges
              go live.
            </p>
          </Card>
          {news && <LoggingCard controller={c} />}
        </div>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <IdentificationCard status={c.ecuStatus} connected={connected} onRetry={c.retryIdentification} />
            <LoggingCard controller={c} />
          </div>
          <Gauges live={c.live} />
          <div className="grid gap-4 lg:grid-cols-2">
            <FaultsCard faults={c.faults} connected={connected} />
            <RawConsole raw={c.raw} connected={connected} />
          </div>
        </>
      )}
    </main>
  );
}
