import { describe, expect, it } from 'vitest';
import { invalidationsFor, KeyBatch } from './live-invalidation';

describe('invalidationsFor (/ws events → stale queries)', () => {
  it('a new message refreshes the lists, that thread and that conversation', () => {
    const keys = invalidationsFor({ type: 'message.created', conversationId: 'c1', messageId: 'm1' });
    expect(keys).toContainEqual(['conversations', 'list']);
    expect(keys).toContainEqual(['conversations', 'messages', 'c1']);
    expect(keys).toContainEqual(['conversations', 'detail', 'c1']);
  });

  it('a member’s conversations returned to Unassigned refresh every list view and open thread', () => {
    expect(invalidationsFor({ type: 'conversations.reassigned' })).toEqual([
      ['conversations', 'list'],
      ['conversations', 'detail'],
    ]);
  });

  it('a status change of a message refreshes only its thread', () => {
    expect(invalidationsFor({ type: 'message.updated', conversationId: 'c1', messageId: 'm1' })).toEqual([['conversations', 'messages', 'c1']]);
  });

  it('a delivery refreshes that account’s simulator outbox and the rule stats', () => {
    const keys = invalidationsFor({ type: 'outbox.delivered', accountId: 'a1' });
    expect(keys).toContainEqual(['simulator', 'outbox', 'a1']);
    expect(keys).toContainEqual(['comment-rules']);
  });
});

describe('run.updated', () => {
  it('refreshes the run lists, that run, the flow list (run counts) and the inbox contact panels (a contact’s runs)', () => {
    const keys = invalidationsFor({ type: 'run.updated', runId: 'r1', flowId: 'f1', status: 'completed' });
    expect(keys).toEqual([
      ['runs', 'list'],
      ['runs', 'detail', 'r1'],
      ['flows', 'list'],
      ['conversations', 'contact'],
    ]);
  });
});

describe('account.updated', () => {
  it('refreshes the account lists, the health banner (under social-accounts) and the activity feed', () => {
    const keys = invalidationsFor({ type: 'account.updated', accountId: 'a1' });
    expect(keys).toEqual([['accounts', 'connected'], ['social-accounts'], ['automation', 'activity']]);
  });
});

describe('KeyBatch', () => {
  it('de-duplicates and drops keys covered by a shorter prefix', () => {
    const batch = new KeyBatch();
    batch.add([
      ['conversations', 'list'],
      ['conversations', 'messages', 'c1'],
    ]);
    batch.add([
      ['conversations', 'list'],
      ['conversations', 'messages', 'c1'],
      ['simulator', 'outbox', 'a1'],
    ]);
    batch.add([['conversations']]);
    expect(batch.drain()).toEqual([['simulator', 'outbox', 'a1'], ['conversations']]);
    expect(batch.size).toBe(0);
  });
});
