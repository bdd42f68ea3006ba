import { describe, expect, it } from 'vitest';
import { metaEnvelopeSchema } from '../../contracts/meta-webhooks';
import { splitMetaWebhook } from '../../integrations/meta/split-webhook';
import { normalizeMeta } from './normalize-meta';

const ACCOUNT = '00000000-0000-4000-8000-000000000001';

/** A webhook POST body → the events the worker normalises, as if the account were connected. */
function normalizeAll(body: unknown) {
  return splitMetaWebhook(metaEnvelopeSchema.parse(body)).map((e) => normalizeMeta({ ...e.payload, accountId: ACCOUNT }));
}

describe('normalizeMeta: Instagram story mentions (docs/platform-apis.md §1.6)', () => {
  // The messaging webhook Instagram sends when someone mentions the account in their story: a
  // message without text whose attachment has type story_mention.
  const storyMention = {
    object: 'instagram',
    entry: [
      {
        id: '17841400000000001',
        time: 1718000000000,
        messaging: [
          {
            sender: { id: '1234567890123456' },
            recipient: { id: '17841400000000001' },
            timestamp: 1718000000111,
            message: {
              mid: 'aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDAx',
              attachments: [{ type: 'story_mention', payload: { url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1&signature=abc' } }],
            },
          },
        ],
      },
    ],
  };

  it('is one message event marked as a story mention, keyed by its mid, with a readable text', () => {
    const split = splitMetaWebhook(metaEnvelopeSchema.parse(storyMention));
    expect(split.map((e) => e.eventKey)).toEqual(['msg:aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDAx']);
    expect(normalizeAll(storyMention)).toEqual([
      {
        kind: 'message',
        accountId: ACCOUNT,
        messageId: 'aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDAx',
        from: { id: '1234567890123456', name: '', username: null },
        text: 'Mentioned you in their story',
        createdAt: new Date(1718000000111).toISOString(),
        storyMention: true,
      },
    ]);
  });

  it('does not mark a story reply, a plain DM or another attachment as a mention', () => {
    const body = (message: Record<string, unknown>) => ({
      ...storyMention,
      entry: [{ ...storyMention.entry[0]!, messaging: [{ ...storyMention.entry[0]!.messaging[0]!, message: { mid: 'm2', ...message } }] }],
    });
    const [reply] = normalizeAll(body({ text: 'love it', reply_to: { story: { id: 's1', url: 'https://x' } } }));
    expect(reply).toMatchObject({ kind: 'message', text: 'love it', storyReply: true });
    expect(reply).not.toHaveProperty('storyMention');
    const [image] = normalizeAll(body({ attachments: [{ type: 'image', payload: { url: 'https://x' } }] }));
    expect(image).toMatchObject({ kind: 'message', text: '[image]' });
    expect(image).not.toHaveProperty('storyMention');
    const [dm] = normalizeAll(body({ text: 'hi' }));
    expect(dm).not.toHaveProperty('storyMention');
  });
});

describe('normalizeMeta: Instagram Live comments (docs/platform-apis.md §1.6)', () => {
  const change = (field: string, type: string) => ({
    object: 'instagram',
    entry: [
      {
        id: '17841400000000001',
        time: 1718000000,
        changes: [
          {
            field,
            value: {
              id: '17900000000009001',
              text: 'hi from the Live',
              from: { id: '555', username: 'viewer' },
              media: { id: '1800', media_product_type: type },
            },
          },
        ],
      },
    ],
  });

  it('the live_comments field is a comment marked live, keyed by its comment id like any comment', () => {
    expect(splitMetaWebhook(metaEnvelopeSchema.parse(change('live_comments', 'LIVE'))).map((e) => e.eventKey)).toEqual(['comment:17900000000009001']);
    expect(normalizeAll(change('live_comments', 'LIVE'))).toEqual([
      expect.objectContaining({ kind: 'comment', commentId: '17900000000009001', postId: '1800', text: 'hi from the Live', live: true }),
    ]);
  });

  it('a comments change on LIVE media is live too; one on a reel is not', () => {
    expect(normalizeAll(change('comments', 'LIVE'))[0]).toMatchObject({ live: true });
    expect(normalizeAll(change('comments', 'REELS'))[0]).not.toHaveProperty('live');
  });
});
