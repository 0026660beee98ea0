import { describe, expect, it } from 'vitest';
import { writeRuns } from './writeRuns';

const creates = (model: string, count: number) => Array.from({ length: count }, () => ({ model, create: true }));
const byCreate = (write: { create: boolean }) => write.create;

describe('writeRuns', () => {
  it('groups consecutive batchable writes of one model, at most `max` a run', () => {
    expect(writeRuns(creates('transaction', 5), byCreate, 2)).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ]);
  });

  it('keeps a write that may not be batched, and a change of model, apart', () => {
    const writes = [
      ...creates('transaction', 2),
      { model: 'transaction', create: false },
      ...creates('transaction', 1),
      ...creates('invoice', 2),
    ];
    expect(writeRuns(writes, byCreate)).toEqual([
      [0, 2],
      [2, 3],
      [3, 4],
      [4, 6],
    ]);
  });

  it('answers one run per write when none may be batched, and none for no writes', () => {
    expect(writeRuns(creates('x', 3), () => false)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(writeRuns([], byCreate)).toEqual([]);
  });

  it('cuts 10,000 creates into batches of the default size', () => {
    expect(writeRuns(creates('transaction', 10_000), byCreate)).toHaveLength(20);
  });
});
