import { describe, it, expect } from 'vitest';
import { splitContactName } from './contactName';

describe('splitContactName', () => {
  it('splits on the first space only', () => {
    expect(splitContactName('Anna Maria Keller')).toEqual({ firstName: 'Anna', lastName: 'Maria Keller' });
  });

  it('splits two words', () => {
    expect(splitContactName('Max Muster')).toEqual({ firstName: 'Max', lastName: 'Muster' });
  });

  it('leaves the last name empty for one word', () => {
    expect(splitContactName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('trims and collapses whitespace', () => {
    expect(splitContactName('  Anna   Maria\tKeller  ')).toEqual({ firstName: 'Anna', lastName: 'Maria Keller' });
  });

  it('gives empty parts for an empty name', () => {
    expect(splitContactName('')).toEqual({ firstName: '', lastName: '' });
    expect(splitContactName('   ')).toEqual({ firstName: '', lastName: '' });
  });
});
