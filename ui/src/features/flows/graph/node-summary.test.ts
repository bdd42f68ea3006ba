import { describe, expect, it } from 'vitest';
import { defaultConfig } from '@contracts/flows';
import { durationText, handleLabel, nodeSummary, sourceHandlesOf } from './node-summary';

describe('nodeSummary', () => {
  it('describes triggers by type and keywords', () => {
    expect(nodeSummary('trigger', { type: 'keyword_dm', keywords: ['price', 'info'] })).toBe('Keyword DM: price, info');
    expect(nodeSummary('trigger', { type: 'keyword_dm', keywords: [] })).toBe('Keyword DM: add keywords');
    expect(nodeSummary('trigger', { type: 'comment', keywords: [] })).toBe('Any comment');
    expect(nodeSummary('trigger', { type: 'story_reply' })).toBe('Any story reply');
    expect(nodeSummary('trigger', { type: 'comment', commentsOn: 'live', keywords: [] })).toBe('Any Live comment');
    expect(nodeSummary('trigger', { type: 'comment', commentsOn: 'live', keywords: ['link'] })).toBe('Live comment: link');
    expect(nodeSummary('trigger', { type: 'comment', commentsOn: 'posts', keywords: [] })).toBe('Any post comment');
    expect(nodeSummary('trigger', { type: 'story_mention', keywords: [] })).toBe('Any story mention');
  });

  it('shows the message text, clipped to one line', () => {
    expect(nodeSummary('instagramDM', { text: 'Hi {first_name}!' })).toBe('Hi {first_name}!');
    expect(nodeSummary('twitterDM', { text: '' })).toBe('No message yet');
    const long = nodeSummary('messengerDM', { text: 'a\nb '.repeat(30) });
    expect(long.length).toBe(40);
    expect(long.endsWith('…')).toBe(true);
    expect(long).not.toContain('\n');
  });

  it('spells out durations', () => {
    expect(nodeSummary('delay', { amount: 1, unit: 'hours' })).toBe('Wait 1 hour');
    expect(nodeSummary('delay', { amount: 30, unit: 'seconds' })).toBe('Wait 30 seconds');
    expect(nodeSummary('waitForReply', defaultConfig('waitForReply'))).toBe('Wait up to 1 day for a reply');
    expect(durationText(null, 'minutes')).toBe('0 minutes');
  });

  it('describes conditions, randomizers, webhooks and contact data', () => {
    expect(nodeSummary('condition', { match: 'all', rules: [{ subject: 'lastMessage', operator: 'contains', value: 'hello' }] })).toBe(
      'Last message contains “hello”',
    );
    expect(nodeSummary('condition', { match: 'any', rules: [{}, {}] })).toBe('Any of 2 rules');
    expect(nodeSummary('condition', { rules: [{ subject: 'field', field: 'email', operator: 'is_set' }] })).toBe('Field email is set');
    expect(
      nodeSummary('randomizer', {
        branches: [
          { key: 'A', weight: 1 },
          { key: 'B', weight: 3 },
        ],
      }),
    ).toBe('A 25% · B 75%');
    expect(nodeSummary('webhook', { method: 'GET', url: 'https://example.com/hook' })).toBe('GET example.com/hook');
    expect(nodeSummary('addTag', { tag: 'vip' })).toBe('Add tag “vip”');
    expect(nodeSummary('setField', { field: 'city', value: 'Paris' })).toBe('Set city = Paris');
    expect(nodeSummary('captureLead', { from: 'lastMessage', value: '', name: '' })).toBe('Email from the last message');
    expect(nodeSummary('captureLead', { from: 'template', value: '{field.email}', name: '' })).toBe('Email from {field.email}');
    expect(nodeSummary('complete', {})).toBe('End of flow');
    expect(nodeSummary(undefined, {})).toBe('Unknown step');
  });
});

describe('handles', () => {
  it('labels branch handles', () => {
    expect(['yes', 'no', 'reply', 'timeout', 'A'].map(handleLabel)).toEqual(['Yes', 'No', 'Reply', 'Timeout', 'A']);
  });
  it('one unnamed exit for ordinary kinds, named for branching kinds, none for complete', () => {
    expect(sourceHandlesOf('instagramDM', {})).toBeNull();
    expect(sourceHandlesOf('condition', {})).toEqual(['yes', 'no']);
    expect(sourceHandlesOf('waitForReply', {})).toEqual(['reply', 'timeout']);
    expect(sourceHandlesOf('complete', {})).toEqual([]);
  });
  it('reads randomizer branches as typed, even when invalid', () => {
    expect(
      sourceHandlesOf('randomizer', {
        branches: [
          { key: 'A', weight: 0 },
          { key: 'B', weight: 0 },
          { key: 'C', weight: 0 },
        ],
      }),
    ).toEqual(['A', 'B', 'C']);
    expect(sourceHandlesOf('randomizer', { branches: [{ key: 'A' }, { key: 'A' }, { key: ' ' }] })).toEqual(['A']);
  });
});
