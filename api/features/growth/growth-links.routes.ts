import type pg from 'pg';
import QRCode from 'qrcode';
import { timeframeDays } from '../../../contracts/analytics';
import { createGrowthLinkSchema, growthLinksQuerySchema, type GrowthLink } from '../../../contracts/growth';
import { deleteGrowthLink, insertGrowthLink, listGrowthLinks } from '../../../db/growth/growth-links';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';

/** A ref made from the link's name: Meta's alphabet (docs/platform-apis.md §1.9) plus a short random tail, so two names never collide. */
function refFromName(name: string): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'link';
  return `${base}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Growth links, mounted at /api/growth/links: ig.me / m.me links with a `ref` that start a flow and
 * tag the contact (contracts/growth.ts), their starts, and their QR codes as PNG and SVG.
 */
export function growthLinksRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'flows:write' });

  router.get('/', async (req, res) => {
    const { timeframe } = parseQuery(growthLinksQuerySchema, req);
    const body: GrowthLink[] = await listGrowthLinks(pool, currentUser(req).workspaceId, null, timeframe ? timeframeDays[timeframe] : undefined);
    res.json(body);
  });

  router.post('/', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const input = parseBody(createGrowthLinkSchema, req);
    const created = await insertGrowthLink(pool, workspaceId, { ...input, ref: input.ref ?? refFromName(input.name) });
    if (!created.ok) {
      if (created.reason === 'account')
        throw new AppError('BAD_REQUEST', 'Pick a connected Instagram account or Facebook Page', { accountId: 'Not a connected Meta account' });
      if (created.reason === 'flow') throw new AppError('BAD_REQUEST', 'Pick one of your flows', { flowId: 'No such flow' });
      throw new AppError('CONFLICT', 'Another link of this account already uses that ref', { ref: 'Already used on this account' });
    }
    const [link] = await listGrowthLinks(pool, workspaceId, created.id);
    res.status(201).json(link);
  });

  router.delete('/:id', async (req, res) => {
    if (!(await deleteGrowthLink(pool, currentUser(req).workspaceId, idParam(req)))) throw new AppError('NOT_FOUND', 'Link not found');
    res.json({ success: true });
  });

  async function linkOf(req: Parameters<Parameters<typeof router.get>[1]>[0]): Promise<GrowthLink> {
    const [link] = await listGrowthLinks(pool, currentUser(req).workspaceId, idParam(req));
    if (!link) throw new AppError('NOT_FOUND', 'Link not found');
    return link;
  }
  const fileName = (link: GrowthLink, ext: string) => `qr-${link.ref.replace(/[^A-Za-z0-9_-]/g, '')}.${ext}`;

  router.get('/:id/qr.png', async (req, res) => {
    const link = await linkOf(req);
    const png = await QRCode.toBuffer(link.url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 512 });
    res.type('image/png').attachment(fileName(link, 'png')).send(png);
  });
  router.get('/:id/qr.svg', async (req, res) => {
    const link = await linkOf(req);
    const svg = await QRCode.toString(link.url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    res.type('image/svg+xml').attachment(fileName(link, 'svg')).send(svg);
  });
  return router;
}
