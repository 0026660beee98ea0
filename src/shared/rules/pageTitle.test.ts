import { describe, it, expect } from 'vitest';
import { composePageTitle } from './pageTitle';

describe('composePageTitle', () => {
  it('joins page and site title, page first', () => {
    expect(composePageTitle('Kontakt', 'Firma AG')).toBe('Kontakt | Firma AG');
  });

  it('omits empty or blank parts', () => {
    expect(composePageTitle('Kontakt', '')).toBe('Kontakt');
    expect(composePageTitle(undefined, 'Firma AG')).toBe('Firma AG');
    expect(composePageTitle('   ', 'Firma AG')).toBe('Firma AG');
  });

  it('gives "" when both are empty', () => {
    expect(composePageTitle()).toBe('');
    expect(composePageTitle('', '  ')).toBe('');
  });

  it('trims the parts', () => {
    expect(composePageTitle('  Kontakt ', ' Firma AG  ')).toBe('Kontakt | Firma AG');
  });

  it('fills a site title template', () => {
    expect(composePageTitle('Kontakt', 'Firma AG – %s')).toBe('Firma AG – Kontakt');
    expect(composePageTitle('Kontakt', '%s')).toBe('Kontakt');
  });

  it('replaces every marker', () => {
    expect(composePageTitle('X', '%s / %s')).toBe('X / X');
  });

  it('drops dangling separators when a template has no page title', () => {
    expect(composePageTitle('', '%s | Firma AG')).toBe('Firma AG');
    expect(composePageTitle(undefined, 'Firma AG - %s')).toBe('Firma AG');
    expect(composePageTitle('', '%s')).toBe('');
  });

  it('supports a custom marker', () => {
    expect(composePageTitle('Blog', 'Firma {title}', '{title}')).toBe('Firma Blog');
    expect(composePageTitle('Blog', 'Firma %s', '{title}')).toBe('Blog | Firma %s');
  });
});
