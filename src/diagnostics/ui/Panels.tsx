import { RotateCw } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { IDENTIFICATION } from '../../shared/diagnostics/values';
import type { DiagnosticsController } from './useDiagnostics';
import { describeResponse, parseRequest, type RawFormat } from './rawInput';

export function Card({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-4" aria-label={title}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-zinc-200">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export const buttonClass =
  'inline-flex h-9 items-center gap-1.5 rounded-md border border-zinc-700 bg-zinc-800 px-3 text-sm font-medium text-zinc-100 hover:bg-zinc-700 disabled:opacity-50';
export const primaryClass =
  'inline-flex h-9 items-center gap-1.5 rounded-md bg-blue-600 px-3 text-sm font-medium text-white hover:bg-blue-500 disabled:opacity-50';

export function IdentificationCard({
  status,
  connected,
  onRetry,
}: {
  status: DiagnosticsController['ecuStatus'];
  connected: boolean;
  onRetry: () => void;
}) {
  const identification = status.identification;
  return (
    <Card title="Engine control unit">
      {status.state === 'waiting' && <p className="text-sm text-zinc-400">Reading the identification…</p>}
      {status.message && (
        <div
          role="alert"
          className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-950/70 px-3 py-2 text-sm text-amber-200"
        >
          <p>{status.message}</p>
          {/* A silent engine (ignition off) may answer now: asked again over the same connection. */}
          {status.state === 'silent' && (
            <button className={buttonClass} disabled={!connected} onClick={onRetry}>
              <RotateCw className="size-4" aria-hidden /> Retry
            </button>
          )}
        </div>
      )}
      {identification && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {IDENTIFICATION.map(({ key, name }) => (
            <div key={key} className="contents">
              <dt className="text-zinc-400">{name}</dt>
              <dd className="truncate font-mono text-zinc-100" data-testid={`id-${key}`}>
                {identification[key] || '–'}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

export function FaultsCard({ faults, connected }: { faults: DiagnosticsController['faults']; connected: boolean }) {
  const clear = () => {
    if (window.confirm('Clear all fault codes in the engine control unit?')) void faults.clear();
  };
  return (
    <Card
      title="Fault codes"
      actions={
        <div className="flex gap-2">
          <button className={buttonClass} disabled={!connected || faults.busy} onClick={() => void faults.read()}>
            Read
          </button>
          <button className={buttonClass} disabled={!connected || faults.busy || !faults.codes?.length} onClick={clear}>
            Clear
          </button>
        </div>
      }
    >
      {faults.error && <p className="text-sm text-red-300">{faults.error}</p>}
      {faults.codes === undefined ? (
        <p className="text-sm text-zinc-400">Not read yet.</p>
      ) : faults.codes.length === 0 ? (
        <p className="text-sm text-emerald-300">No fault codes stored.</p>
      ) : (
        <ul className="space-y-1 text-sm" aria-label="Stored fault codes">
          {faults.codes.map((fault) => (
            <li key={fault.code} className="flex justify-between font-mono">
              <span className="text-zinc-100">{fault.code}</span>
              <span className="text-zinc-400">status 0x{fault.status.toString(16).toUpperCase().padStart(2, '0')}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

interface ConsoleEntry {
  request: string;
  answer?: ReturnType<typeof describeResponse>;
  error?: string;
}

/** For technicians: any UDS request in hex or base64, the answer decoded where the tool knows it. */
export function RawConsole({ raw, connected }: { raw: DiagnosticsController['raw']; connected: boolean }) {
  const [text, setText] = useState('22 F1 90');
  const [format, setFormat] = useState<RawFormat>('hex');
  const [entries, setEntries] = useState<ConsoleEntry[]>([]);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const entry: ConsoleEntry = { request: text.trim() };
    try {
      const request = parseRequest(text, format);
      entry.answer = describeResponse(request, await raw(request));
    } catch (error) {
      entry.error = (error as Error).message;
    }
    setEntries((current) => [entry, ...current].slice(0, 20));
  };
  return (
    <Card title="Raw console">
      <form className="flex flex-wrap gap-2" onSubmit={(event) => void send(event)}>
        <input
          aria-label="UDS request"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="h-9 min-w-0 flex-1 rounded-md border border-zinc-700 bg-zinc-950 px-3 font-mono text-sm text-zinc-100"
        />
        <select
          aria-label="Format"
          value={format}
          onChange={(event) => setFormat(event.target.value as RawFormat)}
          className="h-9 rounded-md border border-zinc-700 bg-zinc-950 px-2 text-sm text-zinc-100"
        >
          <option value="hex">Hex</option>
          <option value="base64">Base64</option>
        </select>
        <button className={buttonClass} disabled={!connected}>
          Send
        </button>
      </form>
      <ol className="mt-3 space-y-2 text-xs" aria-label="Console history">
        {entries.map((entry, index) => (
          <li key={entries.length - index} className="rounded-md bg-zinc-950 p-2 font-mono">
            <div className="text-zinc-400">→ {entry.request}</div>
            {entry.error ? (
              <div className="text-red-300">{entry.error}</div>
            ) : (
              <>
                <div className="text-zinc-100">← {entry.answer?.hex}</div>
                <div className="text-zinc-400">{entry.answer?.meaning}</div>
              </>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
