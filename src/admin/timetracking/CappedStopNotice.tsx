import { TimerOff, X } from 'lucide-react';
import { formatTimestamp } from '../../shared/format/date';
import { MAX_ENTRY_HOURS } from '../../shared/rules/constants';
import { Button, IconButton } from '../ui/Button';
import { formatClock } from './days';
import type { CappedStop } from './useTimeTrackingController';

/** The browser's own zone: the End field shows its clock, so the notice names the same time. */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Says that Stop ended a timer at a bound rather than now (at the limit: it ran longer than an entry may
 * last; at its start: its start lay ahead), when it ends, and offers to correct it: the stop itself
 * always goes through.
 */
export function CappedStopNotice({
  capped,
  onCorrect,
  onDismiss,
}: {
  capped: CappedStop;
  onCorrect(): void;
  onDismiss(): void;
}) {
  const what = capped.name ? `“${capped.name}”` : 'The timer';
  const end = (
    <span className="font-medium tabular-nums">{formatTimestamp(capped.end, { timeZone: localZone() })}</span>
  );
  return (
    <div
      role="status"
      data-testid="capped-stop"
      className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2.5 text-[13px] text-amber-900"
    >
      <TimerOff aria-hidden className="mt-1 size-4 shrink-0 text-amber-600" />
      <div className="flex-1 py-1">
        {capped.at === 'start' ? (
          <>
            <p className="font-medium">Stopped at its start</p>
            <p className="mt-0.5">
              {what} starts in the future, at {end}, and an entry cannot end before it starts: it now ends there and
              lasts 0 h. Correct its Start to when you started, then its End.
            </p>
          </>
        ) : (
          <>
            <p className="font-medium">Stopped at the {MAX_ENTRY_HOURS} h limit</p>
            <p className="mt-0.5">
              {what} had been running for <span className="tabular-nums">{formatClock(capped.ran)}</span>, longer than
              one entry may last ({MAX_ENTRY_HOURS} h). It now ends {MAX_ENTRY_HOURS} h after its start, at {end}. If
              you stopped working earlier, correct its End.
            </p>
          </>
        )}
        <Button onClick={onCorrect} className="mt-2">
          {capped.at === 'start' ? 'Correct Start' : 'Correct End'}
        </Button>
      </div>
      <IconButton label="Dismiss" onClick={onDismiss} className="text-amber-700 hover:bg-amber-100">
        <X className="size-4" />
      </IconButton>
    </div>
  );
}
