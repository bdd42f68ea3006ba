import type pg from 'pg';
import type { Role } from '../../contracts/permissions';
import { outboxMailsTo } from './dev-outbox';
import { HttpClient } from './http-client';

let seq = 0;

const tokenIn = (mails: { to: string; text: string }[], email: string) =>
  /\/invite\?token=([\w-]+)/.exec(mails.find((m) => m.to === email && /\/invite\?token=/.test(m.text))?.text ?? '')?.[1];

/** Polls `read` for the newest invitation token mailed to `email`, other than `previous` (no expect.poll: usable in hooks). */
async function pollToken(read: () => Promise<{ to: string; text: string }[]>, email: string, previous?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const token = tokenIn(await read(), email);
    if (token && token !== previous) return token;
    if (Date.now() > deadline) throw new Error(`no invitation mail to ${email} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The invitation link's token mailed to `email` (the newest, other than `previous`), read from the
 * dev outbox's table as the server's log shows it to a developer (GET /api/dev/outbox shows a mail
 * only to its addressee, signed in); the worker mails it a moment after the invitation.
 */
export function mailedInvitationToken(pool: pg.Pool, email: string, previous?: string): Promise<string> {
  return pollToken(() => outboxMailsTo(pool, email), email, previous);
}

/**
 * A new person invited by `inviter` (an owner or admin client) as `role`, who registers, accepts and
 * so acts in the inviter's workspace. Their own sign-up workspace is their second one.
 */
export async function inviteNewMember(baseUrl: string, inviter: HttpClient, role: Exclude<Role, 'owner'>, firstName = 'Member') {
  const email = `${firstName.toLowerCase()}-${role}-${Date.now()}-${++seq}@example.com`;
  const invited = await inviter.post('/api/team/invitations', { email, role });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${invited.text}`);
  const client = new HttpClient(baseUrl);
  const reg = await client.post('/api/auth/register', { firstName, lastName: 'Test', email, password: 'secret12' });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  // Signed in as the invited address, they read the mail in their own dev outbox.
  const token = await pollToken(async () => (await client.get('/api/dev/outbox')).data.mails, email);
  const ownWorkspaceId = reg.data.user.workspaceId as string;
  const accepted = await client.post('/api/team/invitations/accept', { token });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.text}`);
  return {
    client,
    email,
    token,
    userId: reg.data.user.id as string,
    ownWorkspaceId,
    workspaceId: accepted.data.workspaceId as string,
    invitationId: invited.data.id as string,
  };
}
