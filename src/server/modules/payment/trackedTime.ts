import { durationHours } from '../../../shared/rules/trackedTime';
import { badRequest } from '../../errors';
import type { ModelHooks } from '../documents/hooks';

/**
 * Tracked times: the server computes `duration` (hours, exact; totals round up to quarter hours) on
 * every save from start and end, and refuses an end before the start. A running entry (no end) has none.
 */
export const trackedTimeHooks: ModelHooks = {
  async beforeWrite({ doc }) {
    const start = typeof doc.start === 'string' ? Date.parse(doc.start) : NaN;
    const end = typeof doc.end === 'string' && doc.end !== '' ? Date.parse(doc.end) : undefined;
    if (end !== undefined && Number.isFinite(start) && end < start)
      throw badRequest('End must not be before the start', {
        fields: [{ field: 'end', message: 'before the start' }],
      });
    if (end === undefined || !Number.isFinite(start)) delete doc.duration;
    else doc.duration = Math.round(durationHours(start, end) * 1e6) / 1e6;
  },
};
