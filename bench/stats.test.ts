import { describe, expect, it } from 'vitest';
import { median, percentileOfSorted, ratio } from './stats.ts';

describe('stats', () => {
  it('takes the median of odd and even counts without reordering the input', () => {
    const input = [9, 1, 5];
    expect(median(input)).toBe(5);
    expect(input).toEqual([9, 1, 5]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow(/empty/);
    expect(() => percentileOfSorted([], 99)).toThrow(/empty/);
  });

  it('uses the nearest rank for percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentileOfSorted(sorted, 50)).toBe(50);
    expect(percentileOfSorted(sorted, 99)).toBe(99);
    expect(percentileOfSorted([7], 99)).toBe(7);
  });

  it('gives NaN, not Infinity, for a ratio over nothing', () => {
    expect(ratio(10, 4)).toBe(2.5);
    expect(ratio(10, 0)).toBeNaN();
  });
});
