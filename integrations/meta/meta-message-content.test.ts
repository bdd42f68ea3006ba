import { describe, expect, it } from 'vitest';
import { readMessageContent } from '../../tests/fakes/meta-message-content';
import { metaMessageContent } from './meta-send';

// What we send (metaMessageContent) against what the contract fake accepts and refuses, as Meta does
// (docs/platform-apis.md §2.5).
describe('Send API message content', () => {
  it('sends text quick replies with their title as payload, profile ones by content_type, and the fake reads them back', () => {
    const message = metaMessageContent('Pick', { quickReplies: ['Yes'], contactQuickReplies: ['user_phone_number'], buttons: [] });
    expect(message).toEqual({ text: 'Pick', quick_replies: [{ content_type: 'text', title: 'Yes', payload: 'Yes' }, { content_type: 'user_phone_number' }] });
    expect(readMessageContent(message)).toMatchObject({ ok: true, text: 'Pick', buttons: [] });
  });

  it('sends buttons as a button template, a postback without its own payload carrying its title', () => {
    const message = metaMessageContent('Go', {
      quickReplies: [],
      contactQuickReplies: [],
      buttons: [
        { type: 'web_url', title: 'Site', url: 'https://example.com' },
        { type: 'postback', title: 'Again' },
      ],
    });
    expect(message).toEqual({
      attachment: {
        type: 'template',
        payload: {
          template_type: 'button',
          text: 'Go',
          buttons: [
            { type: 'web_url', title: 'Site', url: 'https://example.com' },
            { type: 'postback', title: 'Again', payload: 'Again' },
          ],
        },
      },
    });
    expect(readMessageContent(message)).toMatchObject({ ok: true, text: 'Go', quickReplies: [] });
    expect(metaMessageContent('Plain', null)).toEqual({ text: 'Plain' });
  });

  it('the fake refuses what Meta refuses: 14 quick replies, a 21-character title, 4 buttons, 641 characters of button text', () => {
    const quick = (n: number, title = 'x') => Array.from({ length: n }, () => ({ content_type: 'text', title, payload: 'p' }));
    expect(readMessageContent({ text: 'a', quick_replies: quick(14) })).toMatchObject({ ok: false, message: expect.stringContaining('at most 13') });
    expect(readMessageContent({ text: 'a', quick_replies: quick(1, 'x'.repeat(21)) })).toMatchObject({ ok: false });
    const button = { type: 'postback', title: 'Go', payload: 'GO' };
    const template = (text: string, n: number) => ({
      attachment: { type: 'template', payload: { template_type: 'button', text, buttons: Array.from({ length: n }, () => button) } },
    });
    expect(readMessageContent(template('a', 4))).toMatchObject({ ok: false, message: expect.stringContaining('1 to 3') });
    expect(readMessageContent(template('a'.repeat(641), 1))).toMatchObject({ ok: false, message: expect.stringContaining('640') });
    expect(readMessageContent(template('a', 3))).toMatchObject({ ok: true });
  });
});
