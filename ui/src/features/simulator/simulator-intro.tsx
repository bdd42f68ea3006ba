import { Icon, type IconName } from '../../components/icon';

const steps: Array<{ icon: IconName; title: string; text: string }> = [
  { icon: 'user', title: 'Be a customer', text: 'Pick a sandbox account and a pretend contact.' },
  { icon: 'message', title: 'Comment a keyword', text: 'Your comment goes through the real automation pipeline.' },
  { icon: 'phone', title: 'See the reply', text: 'The private DM and public reply appear on the right, live.' },
];

/** Three steps that explain the page to someone who has never seen it. */
export function SimulatorIntro() {
  return (
    <ol className="grid gap-2 sm:grid-cols-3 sm:gap-3">
      {steps.map((step, i) => (
        <li
          key={step.title}
          className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 sm:items-start sm:py-3 dark:border-slate-800 dark:bg-slate-900"
        >
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-indigo-600 sm:h-8 sm:w-8 text-sm font-semibold text-white">
            {i + 1}
          </span>
          <div>
            <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-900 dark:text-white">
              <Icon name={step.icon} size={14} className="text-indigo-500" /> {step.title}
            </p>
            <p className="hidden text-xs text-slate-500 sm:block dark:text-slate-400">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
