import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { inputClasses } from '../../components/input.styles';
import { cn } from '../../lib/cn';
import { FaqList } from '../faq-list';
import { MarketingHero } from '../marketing-hero';
import { PageSection } from '../page-section';
import { faqEntries, faqTopics } from './faq.data';

export function FaqPage() {
  const [search, setSearch] = useState('');
  const [topic, setTopic] = useState('all');
  const term = search.trim().toLowerCase();
  const visible = faqEntries.filter((e) => (topic === 'all' || e.topic === topic) && (!term || `${e.q} ${e.a}`.toLowerCase().includes(term)));

  return (
    <>
      <MarketingHero eyebrow="FAQ" title="Frequently asked questions" description="Quick answers about Replypilot, billing and setup." />
      <PageSection narrow>
        <label htmlFor="faq-search" className="sr-only">
          Search questions
        </label>
        <input
          id="faq-search"
          type="search"
          placeholder="Search questions..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={inputClasses(false)}
        />
        <div role="group" aria-label="Topic" className="mt-4 flex flex-wrap gap-2">
          {faqTopics.map((t) => (
            <button
              key={t.id}
              type="button"
              aria-pressed={topic === t.id}
              onClick={() => setTopic(t.id)}
              className={cn(
                'rounded-full px-3 py-1 text-sm font-medium',
                topic === t.id ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className="mt-8">
          {visible.length > 0 ? (
            <FaqList items={visible} />
          ) : (
            <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
              <p className="font-medium text-slate-900 dark:text-white">No matching questions found</p>
              <Button
                variant="outline"
                className="mt-4"
                onClick={() => {
                  setSearch('');
                  setTopic('all');
                }}
              >
                Clear Filters
              </Button>
            </div>
          )}
        </div>
        <p className="mt-10 text-center text-sm text-slate-600 dark:text-slate-400">
          Didn't find it?{' '}
          <Link to="/contact" className="font-medium text-indigo-600 dark:text-indigo-400">
            Contact us
          </Link>
          .
        </p>
      </PageSection>
    </>
  );
}
