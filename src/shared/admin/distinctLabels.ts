/**
 * Options whose labels repeat, told apart by a number: the second `Unknown client` reads `Unknown client (2)`,
 * the third `(3)`, and the first keeps its label. A list's filter dropdown can hold several values that nothing
 * names (clients that are gone, the one a link filters by) or two clients of one name; entries that read alike
 * cannot be chosen knowingly. Never by id: an id means nothing to people. Order and values stay as they are.
 */
export function distinctLabels<T extends { label: string }>(options: readonly T[]): T[] {
  const taken = new Set(options.map((option) => option.label));
  const seen = new Set<string>();
  return options.map((option) => {
    if (!seen.has(option.label)) {
      seen.add(option.label);
      return option;
    }
    let n = 2;
    while (taken.has(`${option.label} (${n})`)) n++;
    const label = `${option.label} (${n})`;
    taken.add(label);
    return { ...option, label };
  });
}
