import type { RelatedOffer } from '@contracts/ai';
import { Icon } from '../../components/icon';
import { formatUsdCents } from './ai.format';

/** Offers from the knowledge base that fit the question: title, price (cents as USD), duration, link. */
export function RelatedOffers({ offers }: { offers: RelatedOffer[] }) {
  if (offers.length === 0) return null;
  return (
    <div className="space-y-1.5">
      <p className="text-xs font-medium text-slate-500 dark:text-slate-400">Related offers</p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {offers.map((offer) => (
          <li key={offer.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
            <p className="font-medium text-slate-900 dark:text-white">{offer.title}</p>
            <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
              {offer.priceCents !== null ? (
                <span className="font-semibold text-slate-800 dark:text-slate-200">{formatUsdCents(offer.priceCents)}</span>
              ) : (
                'Price not listed'
              )}
              {offer.duration && <> · {offer.duration}</>}
            </p>
            {offer.url && (
              <a
                href={offer.url}
                target="_blank"
                rel="noreferrer"
                className="mt-1.5 inline-flex items-center gap-1 text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-300"
              >
                View offer <Icon name="arrow-right" size={12} />
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
