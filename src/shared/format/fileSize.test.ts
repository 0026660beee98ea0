import { describe, it, expect } from 'vitest';
import { formatFileSize, formatFileSizeExact } from './fileSize';

describe('formatFileSize', () => {
  it('shows zero as "0 Bytes"', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
  });

  it('keeps small sizes in bytes', () => {
    expect(formatFileSize(1)).toBe('1 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
  });

  it('switches unit at 1024 and strips trailing zeros', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
  });

  it('rounds to two decimals by default', () => {
    expect(formatFileSize(1234567)).toBe('1.18 MB');
  });

  it('honours the decimals argument', () => {
    expect(formatFileSize(1234567, 0)).toBe('1 MB');
    expect(formatFileSize(1234567, 4)).toBe('1.1774 MB');
  });

  it('reaches every unit up to YB', () => {
    expect(formatFileSize(1024 ** 3 * 5)).toBe('5 GB');
    expect(formatFileSize(1024 ** 4)).toBe('1 TB');
    expect(formatFileSize(1024 ** 5)).toBe('1 PB');
    expect(formatFileSize(1024 ** 6)).toBe('1 EB');
    expect(formatFileSize(1024 ** 7)).toBe('1 ZB');
    expect(formatFileSize(1024 ** 8 * 2.5)).toBe('2.5 YB');
  });

  it('stays in YB beyond it', () => {
    expect(formatFileSize(1024 ** 9)).toBe('1024 YB');
  });

  it('treats negative and non-finite input as zero', () => {
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });

  it('adds the exact byte count only where the short form rounds', () => {
    expect(formatFileSizeExact(20)).toBe('20 Bytes');
    expect(formatFileSizeExact(0)).toBe('0 Bytes');
    expect(formatFileSizeExact(1024)).toBe('1 KB');
    expect(formatFileSizeExact(1536)).toBe('1.5 KB');
    expect(formatFileSizeExact(1234)).toBe(`1.21 KB (${(1234).toLocaleString('de-CH')} Bytes)`);
    expect(formatFileSizeExact(1234567)).toMatch(/^1\.18 MB \(1.234.567 Bytes\)$/);
  });
});
