import type { Role } from '../../contracts/permissions';
import { HttpClient } from './http-client';

let seq = 0;

/**
 * The invitation link's token mailed to `email` (the newest, other than `previous`), read from the
 * dev outbox as a developer would; the worker mails it a moment after the invitation. Usable in
 * hooks too (no expect.poll).
 */
export async function mailedInvitationToken(baseUrl: string, email: string, previous?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { data } = await new HttpClient(baseUrl).get('/api/dev/outbox');
    const mail = (data.mails as { to: string; text: string }[]).find((m) => m.to === email && /\/invite\?token=/.test(m.text));
    const token = /\/invite\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (token && token !== previous) return token;
    if (Date.now() > deadline) throw new Error(`no invitation mail to ${email} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A new person invited by `inviter` (an owner or admin client) as `role`, who registers, accepts and
 * so acts in the inviter's workspace. Their own sign-up workspace is their second one.
 */
export async function inviteNewMember(baseUrl: string, inviter: HttpClient, role: Exclude<Role, 'owner'>, firstName = 'Member') {
  const email = `${firstName.toLowerCase()}-${role}-${Date.now()}-${++seq}@example.com`;
  const invited = await inviter.post('/api/team/invitations', { email, role });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${invited.text}`);
  const token = await mailedInvitationToken(baseUrl, email);
  const client = new HttpClient(baseUrl);
  const reg = await client.post('/api/auth/register', { firstName, lastName: 'Test', email, password: 'secret12' });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
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
