import { describe, expect, it } from 'vitest';
import { isDraftComplete, sendToasts } from './send-form.validation';

describe('social messaging send form', () => {
  it('needs a page, a recipient id and a message', () => {
    expect(isDraftComplete({ pageId: '1', recipientId: '2', message: 'hi' })).toBe(true);
    expect(isDraftComplete({ pageId: '', recipientId: '2', message: 'hi' })).toBe(false);
    expect(isDraftComplete({ pageId: '1', recipientId: '  ', message: 'hi' })).toBe(false);
    expect(isDraftComplete({ pageId: '1', recipientId: '2', message: '' })).toBe(false);
  });

  it('uses the spec’s wording per channel', () => {
    expect(sendToasts('facebook').sent.description).toBe('Your Facebook message was sent successfully');
    expect(sendToasts('instagram').failedFallback).toBe('Failed to send Instagram message');
  });
});
