import { z } from 'zod';

/** POST /api/website/scan (docs/product-spec.md §7; 'Website Required' per §5). */
export const websiteScanBodySchema = z.object({
  url: z.string({ error: 'Website Required' }).trim().min(1, 'Website Required').max(2000, 'The address is limited to 2,000 characters'),
});

/** An offer found on the site (JSON-LD Product/Offer). `priceCents` only when the price is in USD. */
export interface ScannedOffer {
  name: string;
  description: string | null;
  priceCents: number | null;
  price: string | null;
  currency: string | null;
  url: string | null;
  sourceUrl: string;
}

export interface ScannedTestimonial {
  quote: string;
  author: string;
  sourceUrl: string;
}

export interface ScannedPage {
  url: string;
  title: string;
  text: string;
}

export interface WebsiteScanResult {
  businessName: string | null;
  pagesScanned: number;
  offers: ScannedOffer[];
  testimonials: ScannedTestimonial[];
  /** Knowledge entries written or refreshed (pages, offers, testimonials). */
  entriesSaved: number;
  pages: { url: string; title: string }[];
}

/** Shown when the server gives no reason (docs/product-spec.md §8). */
export const SCAN_FAILED_FALLBACK = 'Unable to scan website. Please check the URL and try again.';
