import { describe, expect, it } from 'vitest';
import type { QueueJob } from '../../shared/api/queues';
import { applyJobEvent, jobPatch, jobsSubtitle } from './jobState';

const createdOn = '2026-01-01T00:00:00.000Z';

describe('queue job events', () => {
  it('takes state, progress and error from the event; completing clears the error', () => {
    expect(
      jobPatch({
        state: 'failed',
        progress: 40,
        error: 'Input buffer contains unsupported image format',
        createdOn,
        data: { preset: 'gallery' },
      }),
    ).toEqual({
      state: 'failed',
      progress: 40,
      error: 'Input buffer contains unsupported image format',
      createdOn,
      data: { preset: 'gallery' },
    });
    expect(jobPatch({ state: 'active', progress: 10, createdOn, data: {} })).not.toHaveProperty('error');
    expect(jobPatch({ state: 'completed', progress: 100, createdOn, data: {} })).toHaveProperty('error', undefined);
  });

  it('updates a known job in place and adds an unknown one at the top', () => {
    const jobs: QueueJob[] = [{ id: 'a', state: 'created', progress: 0, createdOn, data: {}, retryCount: 0 }];
    expect(applyJobEvent(jobs, 'a', { state: 'active', progress: 50, createdOn, data: {} })).toEqual([
      { id: 'a', state: 'active', progress: 50, createdOn, data: {}, retryCount: 0 },
    ]);
    const added = applyJobEvent(jobs, 'b', { state: 'active', progress: 0, createdOn, data: {} });
    expect(added.map((job) => job.id)).toEqual(['b', 'a']);
    expect(jobs).toHaveLength(1);
  });
});

describe('jobs subtitle', () => {
  it("counts in words: none, one job, the latest n (it said '1 latest jobs', '0 latest jobs')", () => {
    expect(jobsSubtitle(0, 'mail')).toBe('No jobs in mail · live');
    expect(jobsSubtitle(1, 'mail')).toBe('1 job in mail · live');
    expect(jobsSubtitle(40, 'imagePresets')).toBe('40 latest jobs of imagePresets · live');
  });
});
