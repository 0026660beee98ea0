import { describe, expect, it } from 'vitest';
import { badRequest, conflict } from '../../errors';
import { timeRefusal } from './timeRefusal';

describe('timeRefusal', () => {
  const entry = { place: 'entry 2 of 3', line: { name: 'Workshop', description: '01.10.2026 · marco' } };

  it('names the entry and keeps the status and reason of a refused link', () => {
    const refusal = timeRefusal(entry, badRequest('An entry may last at most 24 h', { fields: [] }));
    expect(refusal.status).toBe(400);
    expect(refusal.message).toBe(
      'Nothing was invoiced: entry 2 of 3 (Workshop, 01.10.2026 · marco) was refused: An entry may last at most 24 h',
    );
    // Its fields are the entry's, not the request's: left off.
    expect(refusal.details).toEqual({});
  });

  it('says an entry changed after it was read, and leaves out an empty description', () => {
    const refusal = timeRefusal(
      { place: 'entry 1 of 1', line: { name: 'Arbeit', description: '' } },
      conflict('Tracked Time was changed by someone else (version 3, yours 2); reload it and try again'),
    );
    expect(refusal.status).toBe(409);
    expect(refusal.message).toBe(
      'Nothing was invoiced: entry 1 of 1 (Arbeit) was changed meanwhile; create the invoice again to bill it as it is now',
    );
  });

  it('names the invoice when its own write failed', () => {
    expect(timeRefusal(undefined, badRequest('name: too long')).message).toBe(
      'Nothing was invoiced: the invoice was refused: name: too long',
    );
  });
});
