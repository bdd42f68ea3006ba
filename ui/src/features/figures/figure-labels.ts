import type { FigurePeriod, Figures } from '@contracts/figures';

/**
 * The glossary's words (docs/product-spec.md, "Glossary") as every page shows them, with the one-line
 * definition a figure's tooltip gives: the same term reads the same everywhere.
 */
export const figureTerms = {
  automatedReplies: { label: 'Automated replies', hint: 'Private replies, public replies and DMs your rules and flows sent (delivered).' },
  commentsAnswered: { label: 'Comments answered', hint: 'Comments that got at least one reply sent, each counted once.' },
  dmsSent: { label: 'DMs sent', hint: 'Direct messages delivered, private replies included, whoever sent them.' },
  dmsReceived: { label: 'DMs received', hint: 'Direct messages people sent you.' },
  leads: { label: 'Leads', hint: 'People captured as leads (by an automation or by hand) that are still on the Leads page.' },
  conversions: { label: 'Conversions', hint: 'Leads set to converted (with or without a value), shop sales and flow conversions.' },
  revenueCents: { label: 'Revenue', hint: 'The value of the conversions.' },
  avgRevenueCents: { label: 'Avg. revenue', hint: 'Revenue divided by conversions.' },
  conversionRate: { label: 'Conversion rate', hint: 'Conversions per lead created in the same period.' },
  failedRuns: { label: 'Failed runs', hint: 'Flow runs that ended failed after their retries.' },
  linkClicks: { label: 'Link clicks', hint: 'Clicks on tracked links in your messages.' },
} satisfies Partial<Record<keyof Figures, { label: string; hint: string }>>;

export const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

export const count = (n: number) => n.toLocaleString('en-US');

/** "12 in the simulator" when some of a figure was simulated. */
export const simulatedNote = (n: number) => (n > 0 ? `${count(n)} in the simulator` : undefined);

const day = (iso: string, withYear = false) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC', ...(withYear ? { year: 'numeric' } : {}) });

/** "Nov 27 (Europe/Berlin)", "Nov 21 – Nov 27 (UTC)" or "since the start": which days a set of figures covers. */
export function periodLabel(p: FigurePeriod): string {
  const zone = p.timeZone ? ` (${p.timeZone.replaceAll('_', ' ')})` : '';
  if (p.from === null) return `all time, to ${day(p.to, true)}${zone}`;
  if (p.from === p.to) return `${day(p.to)}${zone}`;
  return `${day(p.from)} – ${day(p.to)}${zone}`;
}
