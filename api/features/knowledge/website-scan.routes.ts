import { rateLimit } from 'express-rate-limit';
import type pg from 'pg';
import { websiteScanBodySchema, type WebsiteScanResult } from '../../../contracts/website-scan';
import { scanWebsite, ScanFailedError, type ScanOptions } from '../../../activities/website-scan/scan-website.activity';
import { saveScannedSite } from '../../../db/knowledge/save-scanned-site';
import { AppError } from '../../http/errors';
import { PgRateLimitStore } from '../../http/rate-limit';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody } from '../../http/validate';

/**
 * POST /api/website/scan (docs/product-spec.md §2 Site Scan Preview): reads the site, stores what
 * it found in the knowledge base, answers what was found. Errors per §8: 'Website Required' (400),
 * 'Scan Failed' with a plain reason (422).
 */
export function websiteScanRoutes(pool: pg.Pool, opts: ScanOptions & { userPerHour: number }) {
  const router = authedRouter('knowledge:write');
  // A scan reads up to maxPages pages of someone else's site: WEBSITE_SCAN_USER_PER_HOUR per user
  // (counts in PostgreSQL, shared by every web process), so one account can't crawl on repeat.
  const perUser = rateLimit({
    windowMs: 60 * 60_000,
    limit: opts.userPerHour,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new PgRateLimitStore(pool, 'scan-user:'),
    keyGenerator: (req) => currentUser(req).id,
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', 'Too many website scans in a short time. Please try again later.')),
  });

  router.post('/scan', perUser, async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const { url } = parseBody(websiteScanBodySchema, req);
    let site;
    try {
      site = await scanWebsite(url, opts);
    } catch (err) {
      if (err instanceof ScanFailedError) throw new AppError('SCAN_FAILED', err.message, undefined, { title: 'Scan Failed' });
      throw err;
    }
    const entriesSaved = await saveScannedSite(pool, workspaceId, site);
    const result: WebsiteScanResult = {
      businessName: site.businessName,
      pagesScanned: site.pages.length,
      offers: site.offers,
      testimonials: site.testimonials,
      entriesSaved,
      pages: site.pages.map((p) => ({ url: p.url, title: p.title })),
    };
    res.json(result);
  });

  return router;
}
