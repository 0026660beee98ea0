import { describe, expect, it } from 'vitest';
import { applyJobEvent, jobPatch } from './jobState';

describe('queue job events', () => {
  it('reads the state as a name or as the job state object', () => {
    expect(jobPatch('completed')).toEqual({ state: 'completed' });
    expect(
      jobPatch({
        state: 'failed',
        progress: 40,
        error: 'Input buffer contains unsupported image format',
        createdOn: '2026-01-01T00:00:00.000Z',
      }),
    ).toEqual({
      state: 'failed',
      progress: 40,
      error: 'Input buffer contains unsupported image format',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('updates a known job in place and adds an unknown one at the top', () => {
    const jobs = [{ id: 'a', state: 'created', progress: 0 }];
    expect(applyJobEvent(jobs, 'a', { state: 'active', progress: 50 })).toEqual([
      { id: 'a', state: 'active', progress: 50 },
    ]);
    const added = applyJobEvent(jobs, 'b', { state: 'active', progress: 0 });
    expect(added.map((job) => job.id)).toEqual(['b', 'a']);
    expect(jobs).toHaveLength(1);
  });
});
