import { describe, expect, it } from 'vitest';
import { activityLabel } from './activity-labels';

describe('activityLabel', () => {
  it('names known codes in plain words', () => {
    expect(activityLabel('dm_received')).toBe('DM received');
    expect(activityLabel('comment_rule_matched')).toBe('Comment rule replied');
  });

  it('turns an unknown code into a sentence, never the raw enum', () => {
    expect(activityLabel('dm_link_clicked')).toBe('DM link clicked');
    expect(activityLabel('')).toBe('Activity');
  });
});
