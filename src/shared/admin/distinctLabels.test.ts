import { describe, expect, it } from 'vitest';
import { distinctLabels } from './distinctLabels';

describe('distinctLabels', () => {
  it('numbers the repeats of a label, keeping the first, the order and the values', () => {
    expect(
      distinctLabels([
        { value: 'a', label: 'Rheinblick Immobilien AG' },
        { value: 'b', label: 'Unknown client' },
        { value: 'c', label: 'Unknown client' },
        { value: 'd', label: 'Unknown client' },
      ]),
    ).toEqual([
      { value: 'a', label: 'Rheinblick Immobilien AG' },
      { value: 'b', label: 'Unknown client' },
      { value: 'c', label: 'Unknown client (2)' },
      { value: 'd', label: 'Unknown client (3)' },
    ]);
  });

  it('never makes a label that another option already has', () => {
    expect(
      distinctLabels([
        { value: 1, label: 'Müller AG' },
        { value: 2, label: 'Müller AG (2)' },
        { value: 3, label: 'Müller AG' },
      ]).map((option) => option.label),
    ).toEqual(['Müller AG', 'Müller AG (2)', 'Müller AG (3)']);
  });

  it('answers options without repeats as they are', () => {
    const options = [
      { value: true, label: 'Ja' },
      { value: false, label: 'Nein' },
    ];
    expect(distinctLabels(options)).toEqual(options);
    expect(distinctLabels([])).toEqual([]);
  });
});
