import { describe, expect, it } from 'vitest';
import { ConfigError, isConsoleAdmin, isInstanceAdmin, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to embedded PostgreSQL on port 3000, the per-visitor demo on and test login off', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ mode: 'embedded', port: 54329 });
    expect(c.testLoginEnabled).toBe(false);
    expect(c.demo).toEqual({ enabled: true, perIpPerHour: 10, ttlHours: 24 });
    expect(loadConfig({ ENABLE_TEST_LOGIN: 'true' }).testLoginEnabled).toBe(true);
    expect(c.google).toBeUndefined();
  });

  it('listens on this machine only outside production unless HOST says otherwise, and on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      APP_ENCRYPTION_KEY: 'ab'.repeat(32),
      DATABASE_URL: 'postgres://u:p@db/rp',
      PUBLIC_URL: 'https://rp.example.com',
    };
    expect(loadConfig(prod).host).toBe('0.0.0.0');
    expect(loadConfig({ ...prod, HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('DATABASE_URL switches to an external PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/rp' }).database).toEqual({
      mode: 'external',
      url: 'postgres://u:p@db:5432/rp',
    });
  });

  it('stops a production boot that lacks secrets, naming each one', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const msg = (err as Error).message;
      for (const name of ['SESSION_SECRET', 'APP_ENCRYPTION_KEY', 'DATABASE_URL', 'PUBLIC_URL']) expect(msg).toContain(name);
    }
  });

  it('boots production with everything set, the demo off unless asked for, and refuses test login', () => {
    const env = {
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      APP_ENCRYPTION_KEY: 'ab'.repeat(32),
      DATABASE_URL: 'postgres://u:p@db/rp',
      PUBLIC_URL: 'https://rp.example.com/',
    };
    const c = loadConfig(env);
    expect(c.testLoginEnabled).toBe(false);
    expect(c.demo.enabled).toBe(false);
    expect(c.publicUrl).toBe('https://rp.example.com');
    expect(loadConfig({ ...env, ENABLE_DEMO: 'true' }).demo.enabled).toBe(true);
    expect(() => loadConfig({ ...env, ENABLE_TEST_LOGIN: 'true' })).toThrow(/development only/);
  });

  it('rejects malformed values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_ENCRYPTION_KEY: 'short' })).toThrow(/64 hex characters/);
  });

  it('needs both halves of an OAuth client before calling it configured', () => {
    const c = loadConfig({ GOOGLE_CLIENT_ID: 'id-only' });
    expect(c.google).toBeUndefined();
    expect(c.oauthRaw).toMatchObject({ googleClientId: 'id-only', googleSecret: false });
  });

  it('points Meta and X at their real hosts by default, and lets tests point them at fakes', () => {
    const c = loadConfig({});
    expect(c.meta).toMatchObject({
      graphBaseUrl: 'https://graph.facebook.com',
      instagramGraphBaseUrl: 'https://graph.instagram.com',
      graphApiVersion: 'v25.0',
      webhookSecrets: [],
    });
    expect(c.meta.instagramLogin).toBeUndefined();
    expect(c.x).toBeUndefined();
    const f = loadConfig({
      META_GRAPH_BASE_URL: 'http://127.0.0.1:9/',
      FACEBOOK_APP_SECRET: 's1',
      INSTAGRAM_APP_ID: 'ig',
      INSTAGRAM_APP_SECRET: 's2',
      X_CLIENT_ID: 'x',
      X_CLIENT_SECRET: 'xs',
    });
    expect(f.meta.graphBaseUrl).toBe('http://127.0.0.1:9');
    expect(f.meta.webhookSecrets).toEqual(['s1', 's2']);
    expect(f.meta.instagramLogin?.appId).toBe('ig');
    expect(f.x).toMatchObject({ clientId: 'x', apiBaseUrl: 'https://api.x.com' });
  });
});

describe('the admin console’s operators (ADMIN_EMAILS)', () => {
  const user = { email: 'Ops@Example.com', isDemo: false };
  it('unset: nobody, even in development where every user is an instance admin for app-wide settings', () => {
    const dev = loadConfig({ NODE_ENV: 'development' });
    expect(isInstanceAdmin(dev, user)).toBe(true);
    expect(isConsoleAdmin(dev, user)).toBe(false);
    expect(isConsoleAdmin(loadConfig({ NODE_ENV: 'development', ADMIN_EMAILS: ' , ' }), user)).toBe(false);
  });
  it('set: exactly the emails named, case and spaces aside; never a demo user', () => {
    const c = loadConfig({ NODE_ENV: 'development', ADMIN_EMAILS: 'a@example.com, ops@example.com ' });
    expect(isConsoleAdmin(c, user)).toBe(true);
    expect(isConsoleAdmin(c, { email: 'other@example.com', isDemo: false })).toBe(false);
    expect(isConsoleAdmin(c, { ...user, isDemo: true })).toBe(false);
  });
});
