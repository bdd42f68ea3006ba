import { describe, expect, it } from 'vitest';
import { publishText, totalRuns } from './flow-labels';

describe('flow list labels', () => {
  it('sums run counts', () => {
    expect(totalRuns({ runCounts: {} })).toBe(0);
    expect(totalRuns({ runCounts: { completed: 3, failed: 1 } })).toBe(4);
  });
  it('describes the published version', () => {
    expect(publishText({ publishedVersion: null, hasUnpublishedChanges: true })).toBe('Never published');
    expect(publishText({ publishedVersion: 3, hasUnpublishedChanges: false })).toBe('Published v3');
    expect(publishText({ publishedVersion: 3, hasUnpublishedChanges: true })).toBe('Published v3 · edited since');
  });
});
