import type pg from 'pg';
import type { ScannedOffer, ScannedPage, ScannedTestimonial } from '../../contracts/website-scan';
import { withTransaction } from '../transaction';

export interface ScannedSiteToSave {
  origin: string;
  pages: ScannedPage[];
  offers: ScannedOffer[];
  testimonials: ScannedTestimonial[];
}

/**
 * Stores a scan as knowledge entries (source 'scan'), in one transaction so a rescan is all or
 * nothing. Pages are upserted on (workspace, url) by knowledge_entries_scanned_page_key, so a
 * rescan refreshes them in place; offers and testimonials have no natural key, so the ones an
 * earlier scan of the same site made are replaced. Entries typed by hand are never touched.
 * Everything a scan finds is on the public website already, so it is public; a rescanned page keeps
 * the visibility its owner gave it.
 * Returns how many entries were written.
 */
export async function saveScannedSite(pool: pg.Pool, workspaceId: string, site: ScannedSiteToSave): Promise<number> {
  const pages = site.pages.filter((p) => p.text.trim() !== '');
  return withTransaction(pool, async (client) => {
    if (pages.length) {
      await client.query(
        `insert into knowledge_entries (workspace_id, kind, title, body, url, source, source_url, visibility)
         select $1, 'page', t.title, t.body, t.url, 'scan', t.url, 'public'
         from unnest($2::text[], $3::text[], $4::text[]) as t(url, title, body)
         on conflict (workspace_id, url) where kind = 'page'
         do update set title = excluded.title, body = excluded.body, source = 'scan', source_url = excluded.source_url, updated_at = now()`,
        [workspaceId, pages.map((p) => p.url), pages.map((p) => p.title.slice(0, 200)), pages.map((p) => p.text)],
      );
    }
    // `origin/…` only: another site's scanned entries stay (and "https://a.com" must not match "https://a.com.evil").
    await client.query(
      `delete from knowledge_entries
       where workspace_id = $1 and source = 'scan' and kind in ('offer', 'testimonial')
         and (source_url = $2 or starts_with(source_url, $2 || '/'))`,
      [workspaceId, site.origin],
    );
    const o = site.offers;
    if (o.length) {
      await client.query(
        `insert into knowledge_entries (workspace_id, kind, title, body, price_cents, url, source, source_url, visibility)
         select $1, 'offer', t.name, t.body, t.cents, t.url, 'scan', t.source_url, 'public'
         from unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[]) as t(name, body, cents, url, source_url)`,
        [
          workspaceId,
          o.map((x) => x.name.slice(0, 200)),
          // A price in another currency is kept in words, since price_cents is USD only.
          o.map((x) =>
            [x.description ?? '', x.priceCents === null && x.price ? `Price: ${x.price} ${x.currency ?? ''}`.trim() : ''].filter(Boolean).join('\n'),
          ),
          o.map((x) => x.priceCents),
          o.map((x) => x.url),
          o.map((x) => x.sourceUrl),
        ],
      );
    }
    const t = site.testimonials;
    if (t.length) {
      await client.query(
        `insert into knowledge_entries (workspace_id, kind, title, body, author, source, source_url, visibility)
         select $1, 'testimonial', 'Testimonial from ' || t.author, t.quote, t.author, 'scan', t.source_url, 'public'
         from unnest($2::text[], $3::text[], $4::text[]) as t(quote, author, source_url)`,
        [workspaceId, t.map((x) => x.quote.slice(0, 2000)), t.map((x) => x.author.slice(0, 200)), t.map((x) => x.sourceUrl)],
      );
    }
    return pages.length + o.length + t.length;
  });
}
