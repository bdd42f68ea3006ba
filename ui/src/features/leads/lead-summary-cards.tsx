import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/card';
import { count, figureTerms, usd } from '../figures/figure-labels';
import { fetchLeadSummary } from './leads.api';
import { leadKeys } from './leads.keys';

/**
 * docs/product-spec.md §2 Sales Leads "Stats": Total Leads, Conversions, Revenue and Avg. Revenue,
 * since the workspace began, with the definitions Analytics uses (docs/product-spec.md, Glossary):
 * Analytics over a timeframe that holds every lead shows the same numbers.
 */
export function LeadSummaryCards() {
  const summary = useQuery({ queryKey: leadKeys.summary, queryFn: fetchLeadSummary });
  const f = summary.data;
  const cards = [
    { ...figureTerms.leads, label: 'Total Leads', value: f && count(f.leads) },
    { ...figureTerms.conversions, value: f && count(f.conversions) },
    { ...figureTerms.revenueCents, value: f && usd(f.revenueCents) },
    { ...figureTerms.avgRevenueCents, label: 'Avg. Revenue', value: f && (f.avgRevenueCents === null ? '—' : usd(f.avgRevenueCents)) },
  ];
  return (
    <section aria-labelledby="lead-summary-heading">
      <h2 id="lead-summary-heading" className="sr-only">
        All time
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((c) => (
          <Card key={c.label} className="p-4" title={c.hint}>
            <p className="text-sm text-slate-500 dark:text-slate-400">{c.label}</p>
            <p
              className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white"
              data-testid={`leads-${c.label.toLowerCase().replace(/\. /g, '-').replace(/ /g, '-')}`}
            >
              {c.value ?? (summary.isError ? '—' : '…')}
            </p>
          </Card>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        Since you started. A conversion is a lead set to converted (with or without a value), a shop sale or a flow's Track conversion step.
      </p>
    </section>
  );
}
