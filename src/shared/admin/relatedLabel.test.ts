import { describe, expect, it } from 'vitest';
import { relatedLabel, unknownRelated } from './relatedLabel';

describe('relatedLabel', () => {
  it('marks a deleted document and leaves a live one as it is', () => {
    expect(relatedLabel('Alte Kundin AG', true)).toBe('Alte Kundin AG (deleted)');
    expect(relatedLabel('Rheinblick Immobilien AG', false)).toBe('Rheinblick Immobilien AG');
  });

  it('names an unknown document by its model, never by an id', () => {
    expect(unknownRelated('Client')).toBe('Unknown client');
    expect(unknownRelated('Contact Request')).toBe('Unknown contact request');
    expect(unknownRelated(undefined)).toBe('Unknown document');
  });
});
