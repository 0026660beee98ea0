import { describe, expect, it } from 'vitest';
import { formatChannelValue, formatKeyValue, presentChannels, worstKnock } from './channels';

describe('worstKnock', () => {
  it('is the most negative knock retard of any cylinder, even when another cylinder never retarded', () => {
    const session = {
      max: { knockCyl1: 0, knockCyl2: 0, knockCyl3: 0, knockCyl4: 0 },
      min: { knockCyl1: -0.3, knockCyl2: 0, knockCyl3: -1.5, knockCyl4: 0, engineSpeed: 800 },
    };
    expect(worstKnock(session)).toBe(-1.5);
    expect(formatKeyValue('knockCyl1', worstKnock(session))).toBe('-1.50 °');
  });

  it('is 0 for a session without retard, and absent when no knock was logged', () => {
    expect(worstKnock({ min: { knockCyl1: 0, knockCyl2: 0 } })).toBe(0);
    expect(worstKnock({ min: { engineSpeed: 800 } })).toBeUndefined();
    expect(formatKeyValue('knockCyl1', worstKnock({ min: {} }))).toBe('–');
  });
});

describe('formatKeyValue', () => {
  it("shows a session's maxima at their channel's decimals, as the chart's legend does", () => {
    expect(formatKeyValue('engineSpeed', 6480.75)).toBe("6'481 rpm");
    expect(formatKeyValue('map', 152.34)).toBe('152.3 kPa');
    expect(formatKeyValue('speed', 88)).toBe('88.0 km/h');
    expect(formatKeyValue('knockCyl1', -0.001)).toBe('0.00 °');
    expect(formatKeyValue('engineSpeed', undefined)).toBe('–');
  });
});

describe('formatChannelValue', () => {
  const channel = (key: string) => presentChannels([key])[0];

  it("shows a value at its channel's decimals with its unit, as the tool's gauges do", () => {
    // Quarter steps of rpm as whole rpm; one decimal of x / 10 kPa; λ at two; knock retard at its 0.01 steps.
    expect(formatChannelValue(channel('engineSpeed'), 2318.75)).toBe("2'319 rpm");
    expect(formatChannelValue(channel('map'), 96.81234)).toBe('96.8 kPa');
    expect(formatChannelValue(channel('map'), 150)).toBe('150.0 kPa');
    expect(formatChannelValue(channel('lambda'), 0.9873046875)).toBe('0.99 λ');
    expect(formatChannelValue(channel('knockCyl1'), -1.5)).toBe('-1.50 °');
    expect(formatChannelValue(channel('coolantTemp'), 90)).toBe('90 °C');
    // Calculated values at one decimal, however fine their resolution.
    expect(formatChannelValue(channel('boost'), 3.2006633)).toBe('3.2 kPa');
    expect(formatChannelValue(channel('knockAverage'), -0.0025)).toBe('0.0 °');
    // The position's values; a key outside the tables with up to two decimals and no unit.
    expect(formatChannelValue(channel('speed'), 49.72)).toBe('49.7 km/h');
    expect(formatChannelValue(channel('altitude'), 260.4)).toBe('260 m');
    expect(formatChannelValue(channel('zeta'), 1.23456)).toBe('1.23');
  });

  it('shows a dash where there is no value (a gap in logging)', () => {
    expect(formatChannelValue(channel('map'), null)).toBe('–');
    expect(formatChannelValue(channel('map'), undefined)).toBe('–');
    expect(formatChannelValue(channel('map'), NaN)).toBe('–');
  });
});
