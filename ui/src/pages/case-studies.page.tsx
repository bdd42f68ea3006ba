import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

// Sample stories (docs/product-spec.md §1: static sample content). They describe what each kind of
// business sets up, and claim no results: we have no measured customer outcomes to quote.
const stories = [
  { name: 'Bloom Botanics', kind: 'E-commerce', result: 'A “price” comment on a product post gets a private reply with the collection link.' },
  { name: 'FitWithAna', kind: 'Coach', result: 'A flow asks for an email in DMs and saves it as a lead for the program launch.' },
  { name: 'Studio Nord', kind: 'Agency', result: 'Several client accounts answered from one unified inbox.' },
  { name: 'Cafe Lumen', kind: 'Local business', result: 'Opening-hours questions answered from the knowledge base, day and night.' },
];

export function CaseStudiesPage() {
  return (
    <>
      <MarketingHero eyebrow="Case Studies" title="How teams grow with automation" description="Illustrative stories of what businesses do with Replypilot." />
      <PageSection>
        <div className="grid gap-6 md:grid-cols-2">
          {stories.map((s) => (
            <article key={s.name} className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <p className="text-xs font-medium tracking-wide text-indigo-600 uppercase dark:text-indigo-400">{s.kind}</p>
              <h2 className="mt-2 text-xl font-semibold text-slate-900 dark:text-white">{s.name}</h2>
              <p className="mt-3 text-slate-600 dark:text-slate-400">{s.result}</p>
              <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">Sample story</p>
            </article>
          ))}
        </div>
      </PageSection>
    </>
  );
}
