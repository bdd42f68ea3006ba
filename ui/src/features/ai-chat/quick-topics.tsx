import { Icon, type IconName } from '../../components/icon';

export const QUICK_TOPICS: { icon: IconName; title: string; prompt: string }[] = [
  { icon: 'zap', title: 'Pricing questions', prompt: 'A follower asks how much it costs. What should I reply?' },
  { icon: 'message-square', title: 'Comment replies', prompt: 'Someone commented "details?" on my post. Draft a reply that starts a DM.' },
  { icon: 'shield', title: 'Objections', prompt: 'A customer says it is too expensive. How do I answer?' },
];

/** Three starting points on an empty conversation; a card fills the input. */
export function QuickTopics({ onPick }: { onPick: (prompt: string) => void }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center py-6 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500 to-violet-500 text-white">
        <Icon name="sparkles" size={22} />
      </span>
      <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">Ask about your business</h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Answers come from your knowledge base, with the offers and entries they used.</p>
      <ul className="mt-5 grid w-full gap-3 sm:grid-cols-3">
        {QUICK_TOPICS.map((topic) => (
          <li key={topic.title}>
            <button
              type="button"
              onClick={() => onPick(topic.prompt)}
              className="flex h-full w-full flex-col gap-2 rounded-xl border border-slate-200 p-4 text-left transition-colors hover:border-indigo-300 hover:bg-indigo-50/50 dark:border-slate-700 dark:hover:border-indigo-500/50 dark:hover:bg-indigo-500/5"
            >
              <Icon name={topic.icon} size={18} className="text-indigo-600 dark:text-indigo-300" />
              <span className="text-sm font-semibold text-slate-900 dark:text-white">{topic.title}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">{topic.prompt}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
