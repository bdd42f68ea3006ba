import type { ScannedData } from '@contracts/onboarding';
import { Icon } from '../../../components/icon';

/** What the scan found: the offers and testimonials now in the knowledge base. */
export function ScanResults({ data }: { data: ScannedData }) {
  return (
    <div
      className="space-y-4 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 dark:border-emerald-500/30 dark:bg-emerald-500/10"
      data-testid="scan-results"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-200">
        <Icon name="check-circle" size={18} /> Found {data.offers.length} {data.offers.length === 1 ? 'offer' : 'offers'} and {data.testimonials.length}{' '}
        {data.testimonials.length === 1 ? 'testimonial' : 'testimonials'} — saved to your knowledge base.
      </p>
      {data.offers.length > 0 && (
        <div>
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Offers</h3>
          <ul className="mt-2 divide-y divide-emerald-100 dark:divide-emerald-500/20">
            {data.offers.map((offer) => (
              <li key={`${offer.name}-${offer.url ?? ''}`} className="flex justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 truncate text-slate-900 dark:text-white">{offer.name}</span>
                {offer.price && <span className="shrink-0 font-medium text-slate-700 dark:text-slate-200">{offer.price}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {data.testimonials.length > 0 && (
        <div>
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Testimonials</h3>
          <ul className="mt-2 space-y-2">
            {data.testimonials.slice(0, 3).map((t) => (
              <li key={t.quote} className="text-sm text-slate-700 dark:text-slate-300">
                “{t.quote.length > 160 ? `${t.quote.slice(0, 159)}…` : t.quote}” <span className="text-slate-500 dark:text-slate-400">— {t.author}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
