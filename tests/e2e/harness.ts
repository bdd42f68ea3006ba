import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { addFailureContext, RecentLines } from '../support/failure-context';
import { startTestApp, type TestApp, type TestAppOptions } from '../support/test-app';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const screenshotDir = path.join(root, 'tests/e2e/screenshots');

/** The system Chromium (Debian's `chromium`); never a downloaded browser. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('No Chromium found: apt-get install chromium (or set CHROMIUM_PATH)');
  return found;
}

/** Headless Chromium on a machine with no network: keep it from phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface E2E {
  baseUrl: string;
  app: TestApp;
  browser: Browser;
  /** A fresh browser profile (own cookies and localStorage) with a page in it. */
  newPage(): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
  stop(): Promise<void>;
}

/** A real server (own database, built UI) and a real headless Chromium. */
export async function startE2E(opts: TestAppOptions = {}): Promise<E2E> {
  if (!existsSync(path.join(root, 'dist/ui/index.html'))) {
    throw new Error('dist/ui is missing: run `npm run build` first (npm test does)');
  }
  const app = await startTestApp({ ...opts, ui: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const contexts: BrowserContext[] = [];
  const forgets: Array<() => void> = [];
  /** Each page's recent navigations, API calls (with status and time) and script errors, printed if a test fails. */
  function recordRequests(page: Page, n: number) {
    const recent = new RecentLines(80);
    const started = new WeakMap<object, number>();
    const at = () => new Date().toISOString().slice(11, 23);
    const interesting = (url: string) => !/\/(assets|fonts)\/|\.(png|svg|ico|woff2?)$/.test(new URL(url).pathname);
    page.on('request', (req) => {
      if (!interesting(req.url())) return;
      started.set(req, Date.now());
      if (req.isNavigationRequest()) recent.push(`${at()} navigate ${req.method()} ${req.url()}`);
    });
    page.on('requestfinished', (req) => {
      if (!interesting(req.url())) return;
      void req.response().then(
        (res) => {
          const ms = Date.now() - (started.get(req) ?? Date.now());
          const location = res?.headers().location;
          recent.push(
            `${at()} ${req.method()} ${new URL(req.url()).pathname}${new URL(req.url()).search} → ${res?.status() ?? '?'} in ${ms} ms${location ? ` → ${location}` : ''}`,
          );
          // The page may close before its last response is read (a test that ends on a navigation):
          // that request is simply not recorded, never an unhandled rejection.
        },
        () => {},
      );
    });
    page.on('requestfailed', (req) => recent.push(`${at()} ${req.method()} ${req.url()} failed: ${req.failure()?.errorText ?? '?'}`));
    page.on('pageerror', (err) => recent.push(`${at()} page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') recent.push(`${at()} console.${msg.type()}: ${msg.text()}`);
    });
    forgets.push(
      addFailureContext(`browser page ${n}`, async () => {
        const lines = recent.all();
        if (!page.isClosed()) {
          lines.push(`now at ${page.url()}`);
          const file = path.join(screenshotDir, `failed-page-${n}.png`);
          await mkdir(screenshotDir, { recursive: true });
          await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).then(
            () => lines.push(`screenshot: ${file}`),
            () => {},
          );
          const text = await page
            .locator('body')
            .innerText({ timeout: 2_000 })
            .catch(() => '');
          if (text) lines.push(`page text: ${text.replace(/\s+/g, ' ').slice(0, 600)}`);
        }
        return lines;
      }),
    );
  }
  return {
    baseUrl: app.baseUrl,
    app,
    browser,
    async newPage() {
      const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 800 } });
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      const page = await context.newPage();
      recordRequests(page, contexts.length);
      return page;
    },
    async screenshot(page, name) {
      await mkdir(screenshotDir, { recursive: true });
      const file = path.join(screenshotDir, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async stop() {
      for (const forget of forgets) forget();
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await app.stop();
    },
  };
}
