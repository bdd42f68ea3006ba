import { describe, expect, it } from 'vitest';
import { defaultConfig } from '@contracts/flows';
import { configErrors, withDefaults } from './config-errors';

describe('configErrors', () => {
  it('is empty for a valid configuration', () => {
    expect(configErrors('delay', { amount: 1, unit: 'hours' })).toEqual({});
    expect(configErrors('complete', {})).toEqual({});
  });
  it('keys messages by field path', () => {
    expect(configErrors('instagramDM', defaultConfig('instagramDM'))).toEqual({ text: 'Message text is required' });
    const condition = configErrors('condition', { match: 'all', rules: [] });
    expect(condition.rules).toBe('Add at least one rule');
    expect(configErrors('setField', { field: '1abc', value: '' }).field).toMatch(/start with a letter/);
  });
  it('puts whole-form refinements under ""', () => {
    expect(configErrors('delay', { amount: 400, unit: 'days' })['']).toBe('Delays are limited to 365 days');
  });
  it('says Required for missing numbers', () => {
    expect(configErrors('delay', { amount: null, unit: 'hours' }).amount).toBe('Required');
  });
});

describe('withDefaults', () => {
  it('fills missing fields and repairs lists', () => {
    expect(withDefaults('instagramDM', { text: 'hi', quickReplies: 'oops' })).toEqual({
      text: 'hi',
      quickReplies: [],
      contactQuickReplies: [],
      buttons: [],
      trackLinks: true,
    });
    expect(withDefaults<{ timeout: unknown }>('waitForReply', { timeout: null }).timeout).toEqual({ amount: 1, unit: 'days' });
  });
});
