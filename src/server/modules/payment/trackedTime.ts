import { MAX_ENTRY_HOURS } from '../../../shared/rules/constants';
import { durationHours } from '../../../shared/rules/trackedTime';
import { badRequest } from '../../errors';
import type { ModelHooks } from '../documents/hooks';

/**
 * Tracked times: the server computes `duration` (hours, exact; totals round up to quarter hours) on
 * every save from start and end, and refuses an end before the start or an entry longer than
 * MAX_ENTRY_HOURS. A running entry (no end) has none.
 */
export const trackedTimeHooks: ModelHooks = {
  async beforeWrite({ doc }) {
    const start = typeof doc.start === 'string' ? Date.parse(doc.start) : NaN;
    const end = typeof doc.end === 'string' && doc.end !== '' ? Date.parse(doc.end) : undefined;
    if (end !== undefined && Number.isFinite(start) && end < start)
      throw badRequest('End must not be before the start', { fields: [{ field: 'end', message: 'before the start' }] });
    if (end === undefined || !Number.isFinite(start)) delete doc.duration;
    else doc.duration = Math.round(durationHours(start, end) * 1e6) / 1e6;
    if (typeof doc.duration === 'number' && doc.duration > MAX_ENTRY_HOURS) {
      const hours = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 2 }).format(doc.duration);
      throw badRequest(
        `An entry may last at most ${MAX_ENTRY_HOURS} h, this one would last ${hours} h: check its start and end`,
        { fields: [{ field: 'end', message: `more than ${MAX_ENTRY_HOURS} h after the start` }] },
      );
    }
  },
};
