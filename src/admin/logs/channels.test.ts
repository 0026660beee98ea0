import { describe, expect, it } from 'vitest';
import { formatValue, worstKnock } from './channels';

describe('worstKnock', () => {
  it('is the most negative knock retard of any cylinder, even when another cylinder never retarded', () => {
    const session = {
      max: { knockCyl1: 0, knockCyl2: 0, knockCyl3: 0, knockCyl4: 0 },
      min: { knockCyl1: -0.3, knockCyl2: 0, knockCyl3: -1.5, knockCyl4: 0, engineSpeed: 800 },
    };
    expect(worstKnock(session)).toBe(-1.5);
    expect(formatValue(worstKnock(session), '°')).toBe('-1.5 °');
  });

  it('is 0 for a session without retard, and absent when no knock was logged', () => {
    expect(worstKnock({ min: { knockCyl1: 0, knockCyl2: 0 } })).toBe(0);
    expect(worstKnock({ min: { engineSpeed: 800 } })).toBeUndefined();
    expect(formatValue(worstKnock({ min: {} }), '°')).toBe('–');
  });
});

describe('formatValue', () => {
  it('shows a value that rounds to zero without a minus sign', () => {
    expect(formatValue(-0.03, '°')).toBe('0 °');
    expect(formatValue(-0.06, '°')).toBe('-0.1 °');
    expect(formatValue(6480, 'rpm')).toBe("6'480 rpm");
  });
});
