import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { boot, type Replypilot } from '../../bin/boot';
import { inviteNewMember } from '../../tests/support/team';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../tests/support/workspace';
import { TYPING_PER_SOCKET_PER_WINDOW } from './typing';

// "Someone else is replying" (contracts/ws.ts): a member's typing notice on /ws reaches the other
// members' sockets on every web process, never the typist's own, never another workspace; a viewer
// may not send one; another workspace's conversation id is dropped in silence.
let t: TestApp;
let second: Replypilot;
let secondUrl: string;
let owner: Awaited<ReturnType<typeof newWorkspaceUser>>;
let agent: Awaited<ReturnType<typeof inviteNewMember>>;
let viewer: Awaited<ReturnType<typeof inviteNewMember>>;
let mallory: Awaited<ReturnType<typeof newWorkspaceUser>>;
let conv: string;
let malloryConv: string;

beforeAll(async () => {
  t = await startTestApp();
  // Another web process on the same database, as with `docker compose` (web ×2).
  second = await boot({
    role: 'web',
    noUi: true,
    log: pino({ level: 'silent' }),
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: t.db.url,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'replypilot-web2-')),
      SESSION_SECRET: 'test-session-secret-test-session-secret-0123',
      APP_ENCRYPTION_KEY: '0'.repeat(64),
      ACCOUNT_HEALTH_INTERVAL_MINUTES: '0',
    },
  });
  secondUrl = (second.web?.url ?? '').replace('localhost', '127.0.0.1');
  owner = await newWorkspaceUser(t.baseUrl, 'Olivia');
  mallory = await newWorkspaceUser(t.baseUrl, 'Mallory');
  agent = await inviteNewMember(t.baseUrl, owner.client, 'agent', 'Ada');
  viewer = await inviteNewMember(t.baseUrl, owner.client, 'viewer', 'Vic');
  conv = await conversationOf(owner);
  malloryConv = await conversationOf(mallory);
});
/** Maya's DM to the workspace's Messenger sandbox, once the worker stored it (no expect.poll in hooks). */
async function conversationOf(who: Awaited<ReturnType<typeof newWorkspaceUser>>): Promise<string> {
  await who.client.post('/api/simulator/messages', { accountId: who.messenger.id, contact: maya, text: 'Do you ship to Lisbon?' });
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    const id = (await who.client.get('/api/conversations')).data.conversations[0]?.id as string | undefined;
    if (id) return id;
  }
  throw new Error('the conversation was not stored within 10 s');
}

afterAll(async () => {
  await second?.stop();
  await t?.stop();
});

type Frame = Record<string, unknown> & { type: string };
interface Live {
  ws: WebSocket;
  /** Every typing and error frame, in order (events and pongs are other features'). */
  frames: Frame[];
  send: (msg: unknown) => void;
}
function live(baseUrl: string, cookie: string): Promise<Live> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie } });
  const frames: Frame[] = [];
  ws.on('message', (d) => {
    const msg = JSON.parse(d.toString()) as Frame;
    if (msg.type === 'typing' || msg.type === 'error') frames.push(msg);
  });
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve({ ws, frames, send: (msg) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)) }));
    ws.once('error', reject);
  });
}
const typing = (conversationId: string, mode: 'reply' | 'note' = 'reply', active = true) => ({ type: 'typing', conversationId, mode, active });
const settle = () => new Promise((r) => setTimeout(r, 400));

describe('typing notices', () => {
  it('reach the other members on both web processes, not the typist’s own tabs, not another workspace', async () => {
    const ownerOnFirst = await live(t.baseUrl, owner.client.cookieHeader);
    const viewerOnSecond = await live(secondUrl, viewer.client.cookieHeader);
    const agentOnSecond = await live(secondUrl, agent.client.cookieHeader);
    const agentOtherTab = await live(t.baseUrl, agent.client.cookieHeader);
    const malloryOnFirst = await live(t.baseUrl, mallory.client.cookieHeader);

    agentOnSecond.send(typing(conv));
    const notice = { type: 'typing', conversationId: conv, userId: agent.userId, name: 'Ada Test', mode: 'reply', active: true };
    await expect.poll(() => ownerOnFirst.frames, { timeout: 5_000 }).toEqual([notice]);
    await expect.poll(() => viewerOnSecond.frames, { timeout: 5_000 }).toEqual([notice]);

    agentOnSecond.send(typing(conv, 'note', false));
    await expect.poll(() => ownerOnFirst.frames, { timeout: 5_000 }).toEqual([notice, { ...notice, mode: 'note', active: false }]);
    await settle();
    expect(agentOnSecond.frames).toEqual([]);
    expect(agentOtherTab.frames).toEqual([]);
    expect(malloryOnFirst.frames).toEqual([]);
    for (const s of [ownerOnFirst, viewerOnSecond, agentOnSecond, agentOtherTab, malloryOnFirst]) s.ws.close();
  });

  it('another workspace’s conversation id is dropped in silence; a viewer is refused; bad payloads are answered and the socket stays', async () => {
    const ownerOnFirst = await live(t.baseUrl, owner.client.cookieHeader);
    const agentOnSecond = await live(secondUrl, agent.client.cookieHeader);
    const malloryOnSecond = await live(secondUrl, mallory.client.cookieHeader);
    const viewerOnFirst = await live(t.baseUrl, viewer.client.cookieHeader);

    // Mallory names Olivia's conversation; the agent names Mallory's and an unknown one: nobody hears, nobody is told.
    malloryOnSecond.send(typing(conv));
    agentOnSecond.send(typing(malloryConv));
    agentOnSecond.send(typing('00000000-0000-4000-8000-000000000000'));
    viewerOnFirst.send(typing(conv));
    await expect
      .poll(() => viewerOnFirst.frames, { timeout: 5_000 })
      .toEqual([{ type: 'error', error: 'Your role (viewer) cannot reply to or change conversations' }]);
    await settle();
    expect(ownerOnFirst.frames).toEqual([]);
    expect(malloryOnSecond.frames).toEqual([]);
    expect(agentOnSecond.frames).toEqual([]);

    agentOnSecond.send({ type: 'typing', conversationId: 'not-a-uuid', mode: 'reply' });
    agentOnSecond.send({ type: 'typing', conversationId: conv, mode: 'shouting' });
    agentOnSecond.send({ type: 'typing', conversationId: conv, mode: 'reply', extra: 1 });
    await expect.poll(() => agentOnSecond.frames.length, { timeout: 5_000 }).toBe(3);
    expect(agentOnSecond.frames.map((f) => f.type)).toEqual(['error', 'error', 'error']);
    expect(agentOnSecond.frames.map((f) => f.error)).toEqual([
      'conversationId: conversationId must be a conversation id',
      'mode: mode must be reply or note',
      expect.stringMatching(/extra/),
    ]);
    // Still open and still heard: `active` defaults to true.
    agentOnSecond.send({ type: 'typing', conversationId: conv, mode: 'reply' });
    await expect.poll(() => ownerOnFirst.frames, { timeout: 5_000 }).toEqual([expect.objectContaining({ userId: agent.userId, active: true })]);
    for (const s of [ownerOnFirst, agentOnSecond, malloryOnSecond, viewerOnFirst]) s.ws.close();
  });

  it('rate-limits a socket: past the window’s allowance the rest are dropped, the first dropped one says why', async () => {
    const ownerOnFirst = await live(t.baseUrl, owner.client.cookieHeader);
    const agentOnSecond = await live(secondUrl, agent.client.cookieHeader);
    for (let i = 0; i < TYPING_PER_SOCKET_PER_WINDOW + 5; i++) agentOnSecond.send(typing(conv));
    await expect.poll(() => ownerOnFirst.frames.length, { timeout: 5_000 }).toBe(TYPING_PER_SOCKET_PER_WINDOW);
    await expect.poll(() => agentOnSecond.frames, { timeout: 5_000 }).toEqual([{ type: 'error', error: expect.stringMatching(/Too many typing notices/) }]);
    await settle();
    expect(ownerOnFirst.frames.length).toBe(TYPING_PER_SOCKET_PER_WINDOW);
    for (const s of [ownerOnFirst, agentOnSecond]) s.ws.close();
  });
});
