import { expect } from 'vitest';
import type { Role } from '../../contracts/permissions';
import { HttpClient } from './http-client';

let seq = 0;

/** The invitation link's token mailed to `email`, read from the dev outbox as a developer would (the newest one). */
export async function mailedInvitationToken(baseUrl: string, email: string, previous?: string): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        const { data } = await new HttpClient(baseUrl).get('/api/dev/outbox');
        const mail = (data.mails as { to: string; text: string }[]).find((m) => m.to === email && /\/invite\?token=/.test(m.text));
        token = /\/invite\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return Boolean(token) && token !== previous;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return token;
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
    userId: reg.data.user.id as string,
    ownWorkspaceId,
    workspaceId: accepted.data.workspaceId as string,
    invitationId: invited.data.id as string,
  };
}
