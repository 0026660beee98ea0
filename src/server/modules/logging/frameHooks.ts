import { LOGGING_TIMESTAMP_AHEAD_MS, LOGGING_TIMESTAMP_EARLIEST } from '../../../shared/api/logging';
import { badRequest } from '../../errors';
import type { ModelHooks } from '../documents/hooks';

const EARLIEST = Date.parse(LOGGING_TIMESTAMP_EARLIEST);

/**
 * Why a frame's timestamp cannot be when its values were read, or undefined when it can: more than a day past the
 * server's clock, or before 2000 (a device whose clock was never set reads 1970). Such a frame would start a
 * logging session of its own, far from the drive it belongs to, and stay there.
 */
export function timestampProblem(timestamp: string, now: number): string | undefined {
  const time = Date.parse(timestamp);
  if (Number.isNaN(time)) return undefined;
  if (time > now + LOGGING_TIMESTAMP_AHEAD_MS)
    return `is more than 24 hours ahead of the server's clock (${timestamp}, the server's is ${new Date(now).toISOString()}): is the device's clock right?`;
  if (time < EARLIEST) return `is before the year 2000 (${timestamp}): is the device's clock set?`;
  return undefined;
}

/** Logging frames (`loggingFrame`), however they are written (the diagnostics upload, the document API). */
export const loggingFrameHooks: ModelHooks = {
  async beforeWrite({ doc }) {
    const problem = typeof doc.timestamp === 'string' ? timestampProblem(doc.timestamp, Date.now()) : undefined;
    if (problem) throw badRequest(`timestamp: ${problem}`, { fields: [{ field: 'timestamp', message: problem }] });
  },
};
