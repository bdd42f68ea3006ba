import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { CHROMIUM_ARGS, chromiumPath, screenshotDir } from './harness';

/**
 * helmet's default CSP sent `upgrade-insecure-requests`, so a browser on any
 * plain-HTTP origin other than localhost (a LAN address, `http://server:8080` behind the compose
 * nginx) rewrote the app's own /assets/*.js to https:// and showed a blank page. Chromium exempts
 * every loopback address (127.0.0.0/8, localhost) from the upgrade, which is why the other e2e
 * tests never saw it; here the browser resolves a made-up name to 127.0.0.1 instead.
 */
const HOST = 'replypilot.test';
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ ui: true });
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('the UI renders over plain HTTP on a non-localhost origin', async () => {
  const origin = `http://${HOST}:${new URL(app.baseUrl).port}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
  const response = await page.goto(`${origin}/login`);
  expect(response?.status()).toBe(200);
  const heading = page.getByRole('heading', { name: 'Welcome back' });
  await heading.waitFor({ timeout: 10_000 }).catch(() => {});
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, 'plain-http-origin-login.png'), fullPage: true });
  // Before the fix: every asset failed as https://replypilot.test:<port>/assets/… ERR_SSL_PROTOCOL_ERROR.
  expect(failed).toEqual([]);
  expect(await heading.isVisible()).toBe(true);
  expect(page.url()).toBe(`${origin}/login`);
  await context.close();
});
