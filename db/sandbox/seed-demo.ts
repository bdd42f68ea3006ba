import type pg from 'pg';
import { withTransaction } from '../transaction';
import { ensureSandboxAccounts } from './seed-sandbox';

interface DemoThread {
  platform: 'instagram' | 'facebook';
  contact: { id: string; name: string; username: string };
  status: 'open' | 'pending' | 'closed';
  priority: 'high' | 'normal' | 'low';
  tags: string[];
  unread: number;
  /** [minutes ago, direction, text, source] oldest first */
  messages: [number, 'inbound' | 'outbound', string, 'contact' | 'inbox' | 'comment_rule'][];
}

const threads: DemoThread[] = [
  {
    platform: 'instagram',
    contact: { id: 'demo-sofia', name: 'Sofia Alvarez', username: 'sofia.styles' },
    status: 'open',
    priority: 'high',
    tags: ['lead', 'spring-drop'],
    unread: 2,
    messages: [
      [38, 'outbound', 'Hi Sofia! Here is the spring lookbook with prices 👉 yourbrand.example/spring', 'comment_rule'],
      [12, 'inbound', 'Love the linen set! Do you ship to Spain?', 'contact'],
      [11, 'inbound', 'And is there a size S left?', 'contact'],
    ],
  },
  {
    platform: 'facebook',
    contact: { id: 'demo-james', name: 'James Okafor', username: 'james.okafor' },
    status: 'pending',
    priority: 'normal',
    tags: ['support'],
    unread: 0,
    messages: [
      [180, 'inbound', 'My order #4821 has not arrived yet', 'contact'],
      [170, 'outbound', 'Sorry about that James! Checking with the courier now — I will update you within 2 hours.', 'inbox'],
    ],
  },
  {
    platform: 'instagram',
    contact: { id: 'demo-aiko', name: 'Aiko Tanaka', username: 'aiko.makes' },
    status: 'open',
    priority: 'normal',
    tags: ['guide'],
    unread: 1,
    messages: [
      [300, 'outbound', 'Hi Aiko! Here is your free 5-day posting guide 📘 yourbrand.example/guide', 'comment_rule'],
      [95, 'inbound', 'Day 2 tip was gold, thank you!!', 'contact'],
    ],
  },
  {
    platform: 'facebook',
    contact: { id: 'demo-marco', name: 'Marco Rossi', username: 'marco.rossi' },
    status: 'closed',
    priority: 'low',
    tags: [],
    unread: 0,
    messages: [
      [2900, 'inbound', 'Are you open on Sundays?', 'contact'],
      [2890, 'outbound', 'Yes, 10am–4pm every Sunday. See you soon!', 'inbox'],
      [2880, 'inbound', 'Perfect, thanks', 'contact'],
    ],
  },
  {
    platform: 'instagram',
    contact: { id: 'demo-nia', name: 'Nia Brooks', username: 'nia.b' },
    status: 'open',
    priority: 'high',
    tags: ['wholesale'],
    unread: 1,
    messages: [[6, 'inbound', 'Hi! I run a boutique in Austin — do you do wholesale pricing?', 'contact']],
  },
];

/**
 * "Try Live Demo": a workspace that already looks lived in — rules, conversations in every state,
 * comments that triggered rules, activity. Plain rows (history), not replayed through the pipeline.
 */
export async function seedDemoWorkspace(pool: pg.Pool, workspaceId: string): Promise<void> {
  await ensureSandboxAccounts(pool, workspaceId);
  await withTransaction(pool, async (client) => {
    // Seeded already (a second click, or another web process): nothing was written, nothing to undo.
    const seeded = await client.query('select 1 from comment_rules where workspace_id = $1 limit 1', [workspaceId]);
    if (seeded.rowCount) return;
    const accounts = await client.query<{ id: string; platform: string }>(
      "select id, platform from social_accounts where workspace_id = $1 and provider = 'sandbox'",
      [workspaceId],
    );
    const accountOf = (p: string) => accounts.rows.find((a) => a.platform === p)!.id;

    const rules = await client.query<{ id: string; keywords: string[] }>(
      `insert into comment_rules (workspace_id, platform, keywords, response_template, public_reply_template, is_active, automation_type, created_at)
       values ($1, 'instagram', '{price,cost,lookbook}', 'Hi {first_name}! Here is the spring lookbook with prices 👉 yourbrand.example/spring', 'Just sent you a DM, {username} 💌', true, 'all_posts', now() - interval '3 days'),
              ($1, 'instagram', '{guide}', 'Hi {first_name}! Here is your free 5-day posting guide 📘 yourbrand.example/guide', null, true, 'all_posts', now() - interval '2 days'),
              ($1, 'facebook', '{link,invite}', 'Hi {first_name}! Your invite to Thursday''s live Q&A: yourbrand.example/live', null, false, 'all_posts', now() - interval '1 day')
       returning id, keywords`,
      [workspaceId],
    );
    const ruleFor = (keyword: string) => rules.rows.find((r) => r.keywords.includes(keyword))!.id;

    for (const th of threads) {
      const accountId = accountOf(th.platform);
      const contact = await client.query<{ id: string }>(
        `insert into contacts (workspace_id, account_id, external_user_id, name, username, tags, last_inbound_at)
         values ($1, $2, $3, $4, $5, $6, now() - make_interval(mins => $7)) returning id`,
        [
          workspaceId,
          accountId,
          th.contact.id,
          th.contact.name,
          th.contact.username,
          th.tags,
          Math.min(...th.messages.filter((m) => m[1] === 'inbound').map((m) => m[0]), 100000),
        ],
      );
      const last = th.messages[th.messages.length - 1]!;
      const conv = await client.query<{ id: string }>(
        `insert into conversations (workspace_id, account_id, contact_id, platform, status, priority, customer_name, customer_username,
           external_user_id, last_message, last_message_time, unread_count, tags)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - make_interval(mins => $11), $12, $13) returning id`,
        [
          workspaceId,
          accountId,
          contact.rows[0]!.id,
          th.platform,
          th.status,
          th.priority,
          th.contact.name,
          th.contact.username,
          th.contact.id,
          last[2],
          last[0],
          th.unread,
          th.tags,
        ],
      );
      for (const [minutesAgo, direction, text, source] of th.messages) {
        await client.query(
          `insert into messages (workspace_id, conversation_id, account_id, content, direction, status, source, created_at)
           values ($1, $2, $3, $4, $5, 'sent', $6, now() - make_interval(mins => $7))`,
          [workspaceId, conv.rows[0]!.id, accountId, text, direction, source, minutesAgo],
        );
      }
      if (th.messages[0]?.[3] === 'comment_rule') {
        // The private reply that rule sent, as the ledger remembers it (so the rule's stats count it).
        await client.query(
          `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, rule_id, status, scheduled_for, sent_at, created_at)
           values ($1, $2, $3, 'private_reply', $4, $5, $6, 'sent', now() - make_interval(mins => $7), now() - make_interval(mins => $7), now() - make_interval(mins => $7))`,
          [
            workspaceId,
            accountId,
            `private_reply:${accountId}:demo-comment-${th.contact.id}`,
            `demo-comment-${th.contact.id}`,
            th.messages[0][2],
            ruleFor(th.tags.includes('guide') ? 'guide' : 'price'),
            th.messages[0][0],
          ],
        );
        await client.query(
          `insert into comments (workspace_id, account_id, contact_id, platform_comment_id, post_id, text, author_external_id, author_username, commented_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, now() - make_interval(mins => $9))`,
          [
            workspaceId,
            accountId,
            contact.rows[0]!.id,
            `demo-comment-${th.contact.id}`,
            'instagram-post-launch',
            th.tags.includes('guide') ? 'GUIDE please!' : 'price?',
            th.contact.id,
            th.contact.username,
            th.messages[0][0] + 1,
          ],
        );
      }
    }
    await client.query(
      `insert into automation_activity (workspace_id, action, message, intent, created_at) values
       ($1, 'comment_rule_matched', '"price" from Sofia Alvarez matched a rule: private reply sent', 'lead', now() - interval '38 minutes'),
       ($1, 'comment_rule_matched', '"guide" from Aiko Tanaka matched a rule: private reply sent', 'lead', now() - interval '300 minutes'),
       ($1, 'dm_received', 'New instagram DM from Nia Brooks', 'general', now() - interval '6 minutes')`,
      [workspaceId],
    );
  });
}
