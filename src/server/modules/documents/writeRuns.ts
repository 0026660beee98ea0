/** How many rows one batched INSERT of `saveAll` carries at most (a statement's parameters stay small). */
export const WRITE_BATCH_SIZE = 500;

/**
 * The writes of a `saveAll` cut into runs, in their order: consecutive writes that `batchable` allows and
 * that are of one model go together (at most `max`), every other write is a run of its own. Answers each
 * run as `[start, end)` indexes into `writes`.
 */
export function writeRuns<W extends { model: string }>(
  writes: readonly W[],
  batchable: (write: W) => boolean,
  max = WRITE_BATCH_SIZE,
): [number, number][] {
  const runs: [number, number][] = [];
  let start = 0;
  while (start < writes.length) {
    let end = start + 1;
    if (batchable(writes[start]))
      while (
        end < writes.length &&
        end - start < max &&
        writes[end].model === writes[start].model &&
        batchable(writes[end])
      )
        end++;
    runs.push([start, end]);
    start = end;
  }
  return runs;
}
