import { Card } from '../../components/card';

/** How many templates there are, counted from the catalogue the server answered (null while loading). */
const howMany = (builtIn: number | null) => ({
  q: 'How many templates can I use?',
  a: `All of them, whatever your plan: ${builtIn === null ? 'every built-in template' : `the ${builtIn} built-in templates`}, plus the ones you save from your own flows with “Save as template”.`,
});

const faqs = [
  { q: 'Can I edit a template?', a: 'Yes. Activating a template copies it into your flows as a draft, where you can change every step before you start it.' },
  {
    q: 'Where do the business name and links come from?',
    a: 'From your onboarding answers and knowledge base: your business name, your first offer’s link and your tone. Anything missing is left as a [placeholder] to fill in.',
  },
  { q: 'Which platforms do templates support?', a: 'Instagram, Messenger and X. Most templates run on all three; story replies are Instagram only.' },
  {
    q: 'What does the conversion rate mean?',
    a: 'The share of runs, in flows made from the template on this server, that reached the end. It shows “Not enough data” until 20 runs exist.',
  },
];

export function TemplatesFaq({ builtInCount }: { builtInCount: number | null }) {
  return (
    <Card className="p-6">
      <h2 className="font-semibold text-slate-900 dark:text-white">Frequently asked questions</h2>
      <dl className="mt-4 space-y-4">
        {[howMany(builtInCount), ...faqs].map((faq) => (
          <div key={faq.q}>
            <dt className="text-sm font-medium text-slate-900 dark:text-white">{faq.q}</dt>
            <dd className="mt-1 text-sm text-slate-600 dark:text-slate-400">{faq.a}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
