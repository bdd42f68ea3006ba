import { describe, expect, it } from 'vitest';
import { aiAllowances } from '../../../contracts/ai';
import { insertKnowledgeEntry } from '../../../db/knowledge/write-entries';
import { useGeminiApp } from '../../../tests/support/gemini-app';
import { inviteNewMember } from '../../../tests/support/team';
import { newWorkspaceUser } from '../../../tests/support/workspace';

const ai = useGeminiApp({ AI_TIMEOUT_MS: '1000', AI_MAX_RETRIES: '1' });

const answer = (text: string) => ({ json: { answer: text, confidence: 0.8, funnelStage: 'hook', relatedOfferIds: [], suggestedActions: [] } });

/** Teams (ADR 0038): a question asked in a workspace runs on that workspace's plan (its owner's tier), whoever of its members asks. */
describe('AI answers in a workspace use the workspace’s tier, not the asker’s', () => {
  it('a member asks in another owner’s workspace: allowed and metered by that workspace’s allowance', async () => {
    const pool = ai.t.app.database.pool;
    const owner = await newWorkspaceUser(ai.t.baseUrl, 'TierOwner');
    const member = await inviteNewMember(ai.t.baseUrl, owner.client, 'agent', 'TierMember');
    expect(member.workspaceId).toBe(owner.user.workspaceId);
    await insertKnowledgeEntry(pool, owner.user.workspaceId, { kind: 'faq', title: 'Shipping', body: 'We ship worldwide in 3 days.', source: 'typed' });
    const plan = (workspaceId: string, p: string) => pool.query('update workspaces set plan = $2 where id = $1', [workspaceId, p]);
    const used = async () =>
      (
        await pool.query<{ answers: number }>(
          `select answers from ai_model_usage where workspace_id = $1 and month = date_trunc('month', now() at time zone 'utc')::date`,
          [owner.user.workspaceId],
        )
      ).rows[0]?.answers ?? 0;
    // The workspace has used the free level's whole month.
    const free = aiAllowances.free.monthlyModelAnswers;
    await pool.query(
      `insert into ai_model_usage (workspace_id, month, answers) values ($1, date_trunc('month', now() at time zone 'utc')::date, $2)
       on conflict (workspace_id, month) do update set answers = excluded.answers`,
      [owner.user.workspaceId, free],
    );

    // The workspace is on the free plan, the member's own workspace on pro: that does not lift this workspace's allowance.
    await plan(owner.user.workspaceId, 'free');
    await plan(
      (await pool.query<{ id: string }>('select workspace_id as id from workspace_members where user_id = $1 and role = $2', [member.userId, 'owner'])).rows[0]!
        .id,
      'pro',
    );
    ai.gemini.script.push(answer('Model: we ship worldwide.'));
    const capped = (await member.client.post('/api/kb/chat', { message: 'Do you ship worldwide?' })).data;
    expect(capped).toMatchObject({ mode: 'knowledge_base', userRole: 'free' });
    expect(ai.modelCalls()).toHaveLength(0);
    expect(await used()).toBe(free);

    // The workspace moves to pro: the member gets its model answers, counted on its allowance.
    await plan(owner.user.workspaceId, 'pro');
    const lifted = (await member.client.post('/api/kb/chat', { message: 'Do you ship worldwide?' })).data;
    expect(lifted).toMatchObject({ mode: 'model', response: 'Model: we ship worldwide.', userRole: 'pro' });
    expect(ai.modelCalls()).toHaveLength(1);
    expect(await used()).toBe(free + 1);
  });
});
