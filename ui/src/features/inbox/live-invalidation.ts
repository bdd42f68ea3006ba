import type { QueryKey } from '@tanstack/react-query';
import type { InboxEvent } from '@contracts/inbox';
import { accountKeys } from '../accounts/accounts.keys';
import { automationKeys } from '../automation/automation.keys';
import { commentRuleKeys } from '../comment-rules/comment-rules.keys';
import { flowKeys } from '../flows/flows.keys';
import { runKeys } from '../runs/runs.keys';
import { simulatorKeys } from '../simulator/simulator.keys';
import { inboxKeys } from './inbox.keys';

/** Which cached queries a workspace event makes stale. */
export function invalidationsFor(event: InboxEvent): QueryKey[] {
  switch (event.type) {
    case 'conversation.updated':
      return [inboxKeys.lists, inboxKeys.detail(event.conversationId), inboxKeys.contact(event.conversationId)];
    case 'conversations.reassigned':
      // A member left or can no longer reply: any list view or thread may show their conversations.
      return [inboxKeys.lists, inboxKeys.details];
    case 'message.created':
      // A new message moves its conversation to the top and may be an automation's reply.
      return [inboxKeys.lists, inboxKeys.detail(event.conversationId), inboxKeys.messages(event.conversationId), automationKeys.activity];
    case 'message.updated':
      return [inboxKeys.messages(event.conversationId)];
    case 'outbox.delivered':
      return [simulatorKeys.outbox(event.accountId), commentRuleKeys.all, automationKeys.activity];
    case 'run.updated':
      // Run lists and that run's timeline; the flows list shows run counts.
      // The inbox's contact panels list the contact's runs.
      return [runKeys.lists, runKeys.detail(event.runId), flowKeys.list, inboxKeys.contacts];
    case 'account.updated':
      // The accounts lists, the health banner (under social-accounts) and the activity feed.
      return [accountKeys.connected, accountKeys.social, automationKeys.activity];
    default:
      return [];
  }
}

/** After a reconnect every live query may have missed events. */
export const resyncKeys: QueryKey[] = [['conversations'], simulatorKeys.outboxes, commentRuleKeys.all, automationKeys.activity, runKeys.all, flowKeys.list];

/** Collects keys over a short window so a burst of events becomes one refetch per query. */
export class KeyBatch {
  private keys = new Map<string, QueryKey>();

  add(keys: QueryKey[]): void {
    for (const key of keys) this.keys.set(JSON.stringify(key), key);
  }

  /** The batched keys, minus any already covered by a shorter prefix in the batch. */
  drain(): QueryKey[] {
    const all = [...this.keys.values()];
    this.keys.clear();
    return all.filter(
      (key) => !all.some((other) => other !== key && other.length < key.length && other.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]))),
    );
  }

  get size(): number {
    return this.keys.size;
  }
}
