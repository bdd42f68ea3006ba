import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixtureSite, type FixtureSite } from '../../../tests/support/fixture-site';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
let coaching: FixtureSite;
let bakery: FixtureSite;
let indexed: FixtureSite;
const urlset = (paths: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${indexed.origin}${p}</loc></url>`).join('')}</urlset>`;
const xml = (body: () => string) => (_req: unknown, res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/xml' }).end(body());
beforeAll(async () => {
  t = await startTestApp({
    env: { WEBSITE_SCAN_ALLOW_LOOPBACK: 'true', WEBSITE_SCAN_TIMEOUT_MS: '1500', WEBSITE_SCAN_MAX_BYTES: '200000', WEBSITE_SCAN_USER_PER_HOUR: '3' },
  });
  coaching = await serveFixtureSite('brightpath-coaching', {
    '/to-private': (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/' }).end(),
    '/to-metadata': (_req, res) => res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/hop': (_req, res) => res.writeHead(302, { location: '/about.html' }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    // Headers at once, then a trickle that never ends: only a total deadline stops it.
    '/slow': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<p>.</p>'), 100);
      res.on('close', () => clearInterval(timer));
    },
    '/huge': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${'<p>big</p>'.repeat(50_000)}</body></html>`),
    '/logo.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(100)),
    '/gone': (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>'),
  });
  bakery = await serveFixtureSite('crumb-bakery');
  // The coaching site's pages behind a sitemap index: two nested sitemaps, the second listing more
  // pages than the scan may read (WEBSITE_SCAN_MAX_PAGES 10 by default).
  indexed = await serveFixtureSite('brightpath-coaching', {
    '/sitemap.xml': xml(
      () =>
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${indexed.origin}/sitemaps/main.xml</loc></sitemap><sitemap><loc>${indexed.origin}/sitemaps/blog.xml</loc></sitemap><sitemap><loc>${indexed.origin}/sitemaps/never-needed.xml</loc></sitemap></sitemapindex>`,
    ),
    '/sitemaps/main.xml': xml(() => urlset(['/', '/about.html', '/pricing.html'])),
    '/sitemaps/blog.xml': xml(() => urlset(['/faq.html', ...Array.from({ length: 20 }, (_, i) => `/blog/${i}.html`)])),
  });
});
afterAll(async () => {
  await coaching.close();
  await bakery.close();
  await indexed.close();
  await t.stop();
});

const scan = (c: Awaited<ReturnType<typeof newWorkspaceUser>>['client'], url: unknown) => c.post('/api/website/scan', { url });

describe('scanning a site with structured data and a sitemap', () => {
  it('finds the business, offers, testimonials and pages, and stores them as scan entries', async () => {
    const { client } = await newWorkspaceUser(t.baseUrl, 'Coach');
    const res = await scan(client, coaching.origin);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ businessName: 'BrightPath Coaching', pagesScanned: 4 });
    expect(res.data.pages.map((p: { url: string }) => p.url.replace(coaching.origin, ''))).toEqual(['/', '/about.html', '/pricing.html', '/faq.html']);
    expect(res.data.offers.map((o: { name: string; priceCents: number }) => [o.name, o.priceCents])).toEqual([
      ['6-Week Career Sprint', 49_900],
      ['Interview Intensive', 14_900],
    ]);
    expect(res.data.testimonials.map((x: { author: string }) => x.author)).toEqual(['Priya N.', 'Marcus L., product manager']);
    expect(res.data.entriesSaved).toBe(4 + 2 + 2);
    expect(coaching.requests).toContain('/sitemap.xml');

    const list = (await client.get('/api/knowledge?limit=100')).data;
    expect(list.counts).toMatchObject({ page: 4, offer: 2, testimonial: 2 });
    expect(list.entries.every((e: { source: string; sourceUrl: string }) => e.source === 'scan' && e.sourceUrl.startsWith(coaching.origin))).toBe(true);
    const about = list.entries.find((e: { title: string }) => e.title === 'About us | BrightPath Coaching');
    expect(about.body).toContain('Monday to Friday, 9am to 6pm Eastern');
    expect(about.body).not.toContain('Footer text');
    // Scanned pages are searchable like anything typed.
    expect((await client.get('/api/knowledge?q=office%20hours')).data.entries[0].title).toBe('About us | BrightPath Coaching');
  });

  it('follows a sitemap index to its nested sitemaps, reading no more pages than the limit', async () => {
    const { client } = await newWorkspaceUser(t.baseUrl, 'Indexed');
    const res = await scan(client, indexed.origin);
    expect(res.status).toBe(200);
    expect(indexed.requests).toEqual(expect.arrayContaining(['/sitemap.xml', '/sitemaps/main.xml', '/sitemaps/blog.xml']));
    // Enough pages were listed after the second sitemap: the third is never read.
    expect(indexed.requests).not.toContain('/sitemaps/never-needed.xml');
    const pagesRead = indexed.requests.filter((r) => r === '/' || r.endsWith('.html'));
    expect(pagesRead).toHaveLength(10);
    expect(pagesRead).toEqual(expect.arrayContaining(['/', '/about.html', '/pricing.html', '/faq.html']));
    expect(res.data.offers.map((o: { name: string }) => o.name)).toEqual(['6-Week Career Sprint', 'Interview Intensive']);
  });

  it('limits scans per user per hour (WEBSITE_SCAN_USER_PER_HOUR): the next one is 429, other users still scan', async () => {
    const { client } = await newWorkspaceUser(t.baseUrl, 'Crawler');
    for (let i = 0; i < 3; i++) expect((await scan(client, bakery.origin)).status).toBe(200);
    const before = bakery.requests.length;
    const over = await scan(client, bakery.origin);
    expect(over.status).toBe(429);
    expect(over.data.error).toMatch(/Too many website scans/);
    expect(bakery.requests.length).toBe(before); // refused before reading the site
    const other = await newWorkspaceUser(t.baseUrl, 'Neighbour');
    expect((await scan(other.client, bakery.origin)).status).toBe(200);
  });

  it('updates instead of duplicating when the same site is scanned again, and keeps typed entries', async () => {
    const { client } = await newWorkspaceUser(t.baseUrl, 'Rescan');
    await client.post('/api/knowledge', { kind: 'offer', name: 'Typed by hand', priceCents: 100 });
    await scan(client, coaching.origin);
    const before = (await client.get('/api/knowledge?limit=100')).data;
    const again = await scan(client, `${coaching.origin}/`);
    expect(again.status).toBe(200);
    const after = (await client.get('/api/knowledge?limit=100')).data;
    expect(after.counts).toEqual(before.counts);
    expect(after.counts).toMatchObject({ page: 4, offer: 3, testimonial: 2 });
    const pageIds = (l: typeof before) =>
      l.entries
        .filter((e: { kind: string }) => e.kind === 'page')
        .map((e: { id: string }) => e.id)
        .sort();
    expect(pageIds(after)).toEqual(pageIds(before));
    expect(after.entries.some((e: { title: string; source: string }) => e.title === 'Typed by hand' && e.source === 'typed')).toBe(true);
  });
});

it('scans a plain HTML site through its links: title as the name, prices in text as offers, quotes with authors', async () => {
  const { client } = await newWorkspaceUser(t.baseUrl, 'Baker');
  const res = await scan(client, `${bakery.origin}/index.html`);
  expect(res.status).toBe(200);
  expect(res.data.businessName).toBe('Crumb & Co. Bakery');
  // The menu's table rows: no JSON-LD anywhere on the site.
  expect(res.data.offers.map((o: { name: string; priceCents: number }) => [o.name, o.priceCents])).toEqual([
    ['Country sourdough', 800],
    ['Butter croissant', 400],
  ]);
  expect(res.data.testimonials.map((x: { author: string }) => x.author)).toEqual(['Dana R.', 'Sam, regular since 2020']);
  expect(res.data.pages.map((p: { title: string }) => p.title)).toEqual([
    'Crumb & Co. Bakery – Home',
    'Menu – Crumb & Co. Bakery',
    'Visit us – Crumb & Co. Bakery',
  ]);
  expect(bakery.requests).not.toContain('/menu.pdf');
});

it('finds offers and testimonials across a plain HTML site with no structured markup, and saves them', async () => {
  const yoga = await serveFixtureSite('juniper-yoga');
  try {
    const { client } = await newWorkspaceUser(t.baseUrl, 'Yogi');
    const res = await scan(client, yoga.origin);
    expect(res.status).toBe(200);
    expect(res.data.businessName).toBe('Juniper Yoga Studio');
    expect(res.data.offers.map((o: { name: string }) => o.name)).toEqual([
      'Unlimited Monthly',
      'Intro Week',
      'Private sessions',
      'Drop-in class',
      '10-class pass',
      'Yoga for runners',
      'Breathwork basics',
      'Teacher training (200 hours)',
    ]);
    expect(res.data.testimonials.map((x: { author: string }) => x.author)).toEqual(['Maria K.', 'Tom, Leith', 'Aisha B.', 'Priya S., member since 2021']);
    const offers = (await client.get('/api/knowledge?kind=offer&limit=100')).data.entries as { title: string; priceCents: number | null; body: string }[];
    expect(offers.find((o) => o.title === 'Unlimited Monthly')).toMatchObject({
      priceCents: 12_900,
      body: '$129 per month. Every class on the timetable; 10% off workshops',
    });
    // Not USD: no cents, the price in words.
    expect(offers.find((o) => o.title === 'Breathwork basics')).toMatchObject({ priceCents: null, body: 'Price: 40 EUR' });
  } finally {
    await yoga.close();
  }
});

it('reads at most WEBSITE_SCAN_MAX_PAGES pages', async () => {
  const small = await startTestApp({ env: { WEBSITE_SCAN_ALLOW_LOOPBACK: 'true', WEBSITE_SCAN_MAX_PAGES: '2' } });
  try {
    const { client } = await newWorkspaceUser(small.baseUrl, 'Small');
    const res = await scan(client, coaching.origin);
    expect(res.data.pagesScanned).toBe(2);
  } finally {
    await small.stop();
  }
});

describe('errors (docs/product-spec.md §8)', () => {
  it("answers 400 'Website Required' without a URL", async () => {
    const { client } = await newWorkspaceUser(t.baseUrl, 'Empty');
    for (const url of ['', '   ', undefined]) {
      const res = await scan(client, url);
      expect(res.status).toBe(400);
      expect(res.data.error).toBe('Website Required');
    }
  });

  it.each([
    ['/to-private', /private or local address/],
    ['/to-metadata', /private or local address/],
    ['/loop', /redirected more than 5 times/],
    ['/slow', /took too long/],
    ['/huge', /larger than 200 KB/],
    ['/logo.png', /is not a web page \(image\/png\)/],
    ['/gone', /HTTP 404/],
  ])("%s → 422 'Scan Failed' with a plain reason", async (path, reason) => {
    const { client } = await newWorkspaceUser(t.baseUrl, 'Fail');
    const started = Date.now();
    const res = await scan(client, `${coaching.origin}${path}`);
    expect(res.status).toBe(422);
    expect(res.data).toMatchObject({ title: 'Scan Failed', code: 'SCAN_FAILED' });
    expect(res.data.error).toMatch(reason);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await client.get('/api/knowledge')).data.pagination.total).toBe(0);
  });

  it('follows a same-site redirect', async () => {
    const { client } = await newWorkspaceUser(t.baseUrl, 'Hop');
    const res = await scan(client, `${coaching.origin}/hop`);
    expect(res.status).toBe(200);
    expect(res.data.pages[0].url).toBe(`${coaching.origin}/about.html`);
  });

  it('refuses loopback, private addresses and other schemes when loopback is not allowed', async () => {
    const strict = await startTestApp();
    try {
      const { client } = await newWorkspaceUser(strict.baseUrl, 'Strict');
      for (const url of [coaching.origin, 'http://10.1.2.3/', 'http://[::1]:80/', 'http://169.254.169.254/']) {
        const res = await scan(client, url);
        expect(res.status).toBe(422);
        expect(res.data.error).toMatch(/private or local address/);
      }
      const ftp = await scan(client, 'ftp://example.com/');
      expect(ftp.data.error).toBe('Only http:// and https:// addresses can be scanned.');
    } finally {
      await strict.stop();
    }
  });

  it('says when a host does not exist', async () => {
    const { client } = await newWorkspaceUser(t.baseUrl, 'Nx');
    const res = await scan(client, 'http://no-such-host.invalid/');
    expect(res.status).toBe(422);
    expect(res.data.error).toMatch(/could not be found|took too long/);
  });
});
