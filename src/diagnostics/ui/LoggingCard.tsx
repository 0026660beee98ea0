import { PlugZap } from 'lucide-react';
import type { LoginState } from '../../shared/api/auth';
import type { OtherUserFrames } from '../upload/frameStore';
import { MAX_WAITING_FRAMES, MAX_WAITING_MINUTES, type UploadState } from '../upload/uploader';
import { LoginForm } from './LoginForm';
import { Card } from './Panels';
import type { DiagnosticsController } from './useDiagnostics';

const POSITION_LABEL = {
  off: 'GPS off',
  waiting: 'Waiting for GPS…',
  on: 'GPS on',
  denied: 'GPS not allowed',
  unavailable: 'No GPS',
} as const;

const frames = (count: number) => `${count} ${count === 1 ? 'frame' : 'frames'}`;

/**
 * Whether the upload has something to say while no bridge is connected (the card is shown then too), also
 * that frames of other users wait in this browser.
 */
export const uploadNews = (upload: UploadState, otherUsers: OtherUserFrames[] = []) =>
  upload.queued > 0 ||
  Boolean(upload.error) ||
  upload.dropped > 0 ||
  upload.refused > 0 ||
  upload.earlierSent > 0 ||
  otherUsers.length > 0;

/** Frames another user of this browser logged: theirs, uploaded when they log in here again. */
export const otherUserNote = ({ login, frames: count }: OtherUserFrames) =>
  `${frames(count)} logged by ${login ?? 'another user'} ${count === 1 ? 'waits' : 'wait'} in this browser and ` +
  `${count === 1 ? 'is' : 'are'} uploaded when ${login ?? 'they'} ${login ? 'logs' : 'log'} in here again.`;

/**
 * Logging on or off, how values are read, and the upload: what was sent, what waits (also what an
 * earlier session left in the browser), what was dropped or refused, and why an upload failed. While
 * another tab uploads, the figures are this tab's frames as that tab reports them.
 */
export function LoggingCard({ controller: c }: { controller: DiagnosticsController }) {
  const connected = c.phase === 'connected';
  const canLog = connected && c.ecuStatus.state === 'identified';
  // Logging stays switched on over a lost link (it goes on after Reconnect), but nothing is logged
  // meanwhile: the button says so instead of showing "Logging" as if frames were recorded.
  const paused = c.logging && !connected;
  const { upload } = c;
  return (
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
          Nothing is logged while the connection is lost. Logging goes on after Reconnect; press the button to stop it.
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <Figure label="Rate" value={`${c.rate} fps`} testId="rate" />
        <Figure label="Uploaded" value={String(upload.sent)} testId="uploaded" />
        <Figure label="Waiting" value={String(upload.queued)} testId="waiting" />
        <Figure label="Position" value={POSITION_LABEL[c.position.status]} />
      </dl>
      {(upload.earlierWaiting > 0 || upload.earlierSent > 0) && (
        <p role="status" aria-label="Earlier session" className="mt-3 text-sm text-zinc-300">
          {upload.earlierWaiting > 0
            ? `${frames(upload.earlierWaiting)} from an earlier session ${upload.earlierWaiting === 1 ? 'is' : 'are'} being uploaded.`
            : `${frames(upload.earlierSent)} from an earlier session ${upload.earlierSent === 1 ? 'was' : 'were'} uploaded.`}
        </p>
      )}
      {c.otherUsers.length > 0 && (
        <div role="status" aria-label="Other users' frames" className="mt-3 space-y-1 text-sm text-zinc-300">
          {c.otherUsers.map((other, index) => (
            <p key={`${index}-${other.login ?? ''}`}>{otherUserNote(other)}</p>
          ))}
        </div>
      )}
      {upload.otherTab && (upload.queued > 0 || upload.sent > 0 || upload.dropped > 0 || upload.refused > 0) && (
        <p role="status" aria-label="Other tab" className="mt-3 text-sm text-zinc-300">
          Another Simos Web tab in this browser uploads the frames logged here.
        </p>
      )}
      {upload.dropped > 0 && (
        <p
          role="alert"
          aria-label="Dropped frames"
          className="mt-3 rounded-md bg-amber-950/70 px-3 py-2 text-sm text-amber-200"
        >
          The oldest {frames(upload.dropped)} {upload.dropped === 1 ? 'was' : 'were'} dropped unsent: at most{' '}
          {MAX_WAITING_FRAMES} frames ({MAX_WAITING_MINUTES} minutes of logging) wait for the upload.
        </p>
      )}
      {upload.refused > 0 && !upload.error && (
        <p role="status" aria-label="Refused frames" className="mt-3 text-sm text-zinc-300">
          {frames(upload.refused)} {upload.refused === 1 ? 'was' : 'were'} refused by the server and left out.
        </p>
      )}
      {upload.error && <UploadFailure error={upload.error} queued={upload.queued} onLogin={c.resumeUpload} />}
    </Card>
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
  onLogin: (login: LoginState) => void;
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
