import { expect, it } from 'vitest';
import { segmentsBetween } from './online-backup';

it('lists the WAL segments from the start LSN’s to the stop LSN’s, across a log file boundary', () => {
  const mb16 = 16 * 1024 * 1024;
  expect(segmentsBetween('000000010000000000000003', '000000010000000000000003', mb16)).toEqual(['000000010000000000000003']);
  const across = segmentsBetween('0000000200000000000000FE', '000000020000000100000001', mb16);
  expect(across).toEqual(['0000000200000000000000FE', '0000000200000000000000FF', '000000020000000100000000', '000000020000000100000001']);
  // 1 GB segments: four per 4 GB log file.
  expect(segmentsBetween('000000010000000000000003', '000000010000000100000000', 1024 ** 3)).toEqual(['000000010000000000000003', '000000010000000100000000']);
  expect(() => segmentsBetween('000000010000000000000004', '000000010000000000000003', mb16)).toThrow(/comes before/);
});
