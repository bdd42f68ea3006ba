import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { inputClasses } from '../../components/input.styles';
import { PageHeader } from '../../components/page-header';

const faqs = [
  { q: 'How many templates can I use?', a: 'The free plan includes 1 template; paid plans include 70+.' },
  { q: 'Can I edit a template?', a: 'Yes. Activating a template copies it into your flows, where you can change every step.' },
  { q: 'Which platforms do templates support?', a: 'Templates are tagged for Instagram and X; many work on both.' },
];

export function TemplatesPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Templates" description="Proven automation flows you can activate in one click." />
      <div className="grid gap-3 sm:grid-cols-4">
        <label htmlFor="template-search" className="sr-only">
          Search templates
        </label>
        <input
          id="template-search"
          disabled
          placeholder="Search templates..."
          className={inputClasses(false, 'sm:col-span-2')}
        />
        <select aria-label="Platform" disabled className={inputClasses(false)}>
          <option>All platforms</option>
        </select>
        <select aria-label="Difficulty" disabled className={inputClasses(false)}>
          <option>All levels</option>
        </select>
      </div>
      <EmptyState
        icon="layers"
        title="No templates found"
        description="The template library is being prepared and arrives with the flow builder in an upcoming release."
      />
      <Card className="p-6">
        <h2 className="font-semibold text-slate-900 dark:text-white">Frequently asked questions</h2>
        <dl className="mt-4 space-y-4">
          {faqs.map((faq) => (
            <div key={faq.q}>
              <dt className="text-sm font-medium text-slate-900 dark:text-white">{faq.q}</dt>
              <dd className="mt-1 text-sm text-slate-600 dark:text-slate-400">{faq.a}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
