import type pg from 'pg';
import { isHttpUrl, linkCodePattern } from '../../../db/links/wrap-tracked-links';
import { findLinkTarget, recordLinkClick } from '../../../db/links/record-link-click';
import { leadScore } from '../../../workflows/lead-score';
import { pgRateLimit } from '../../http/rate-limit';
import { publicRouter } from '../../http/routers';

/** A person clicks a link a few times; more from one address is a script walking codes. */
export const LINK_CLICKS_PER_IP_PER_MINUTE = 60;

/**
 * Link previews: Meta and X fetch a URL in a DM to draw its card before anyone taps it. They get
 * the redirect but no click is counted.
 */
const previewBots = /facebookexternalhit|facebot|twitterbot|meta-externalagent|whatsapp|slackbot|discordbot|telegrambot/i;

const notFoundPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Link not found</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#475569}</style></head>
<body><main><h1>Link not found</h1><p>This link is unknown or no longer works. Check the message it came in, or ask the sender for a new one.</p></main></body></html>`;

/**
 * `GET /l/:code`: a tracked link (ARCHITECTURE.md#tracked-links). Public, no session needed,
 * rate-limited per address. Records the click (its rollup and the lead's score in the same
 * transaction) and answers 302 to the stored http(s) target; anything unknown is an HTML 404.
 */
export function linksRoutes(pool: pg.Pool) {
  const router = publicRouter();
  const limit = pgRateLimit(pool, {
    name: 'links',
    windowMs: 60 * 1000,
    limit: LINK_CLICKS_PER_IP_PER_MINUTE,
    message: 'Too many link clicks from your network. Please wait a minute.',
  });
  router.get('/l/:code', limit, async (req, res) => {
    const raw = req.params.code;
    const code = typeof raw === 'string' ? raw : '';
    const target = linkCodePattern.test(code)
      ? previewBots.test(req.get('user-agent') ?? '')
        ? await findLinkTarget(pool, code)
        : await recordLinkClick(pool, code, new Date(), leadScore)
      : null;
    res.set('Cache-Control', 'no-store');
    res.set('Referrer-Policy', 'no-referrer');
    if (!target || !isHttpUrl(target)) {
      res.status(404).type('html').send(notFoundPage);
      return;
    }
    res.redirect(302, target);
  });
  return router;
}
