import { Icon, type IconName } from '../../components/icon';

const features: Array<{ title: string; description: string; icon: IconName }> = [
  {
    title: 'Comment Growth Tool',
    description: 'Reply publicly and privately the moment a comment matches your keywords — on every post or one.',
    icon: 'message',
  },
  {
    title: 'Unified Inbox',
    description: 'Instagram, Messenger and X conversations in one place, with priorities, tags and status.',
    icon: 'inbox',
  },
  {
    title: 'Visual Flow Builder',
    description: 'Drag triggers, DMs, delays and conditions onto a canvas. No code, no spreadsheets.',
    icon: 'workflow',
  },
  {
    title: 'Customer Segmentation',
    description: 'Tag contacts by what they asked, bought or clicked, and talk to each group differently.',
    icon: 'target',
  },
  {
    title: 'Broadcasting',
    description: 'Send updates and offers to the right segment, inside each platform’s messaging rules.',
    icon: 'megaphone',
  },
  {
    title: 'Advanced Templates',
    description: 'Start from proven flows for lead magnets, product demos, support and launches.',
    icon: 'layers',
  },
];

export function LandingFeatures() {
  return (
    <section aria-labelledby="features-heading" className="bg-slate-50 py-20 dark:bg-slate-900/40">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">Everything in one place</p>
          <h2 id="features-heading" className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Automation that sounds like you
          </h2>
          <p className="mt-4 text-slate-600 dark:text-slate-400">
            From the first comment to the closed sale, Replypilot handles the repetitive part so you can focus on the conversations that matter.
          </p>
        </div>
        <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <article key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-sm">
                <Icon name={feature.icon} size={22} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{feature.description}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
