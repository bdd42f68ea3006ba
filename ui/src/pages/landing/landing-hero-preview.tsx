import { benchmarkDate, replyBoundLabel } from './benchmark-facts';
import { Icon } from '../../components/icon';

/** Illustration only: a comment answered by an automatic DM. Static artwork, not live data. */
export function LandingHeroPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-indigo-500/20 via-violet-500/20 to-fuchsia-500/20 blur-2xl" />
      <div className="relative space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl shadow-indigo-500/10 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-center gap-3">
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-gradient-to-tr from-amber-400 via-pink-500 to-violet-600 text-white">
            <Icon name="instagram" size={18} />
          </span>
          <div className="text-sm">
            <p className="font-semibold text-slate-900 dark:text-white">New comment on your post</p>
            <p className="text-slate-500 dark:text-slate-400">@maya.creates · just now</p>
          </div>
        </div>
        <p className="rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">Love this! What's the price?</p>
        <div className="flex items-center gap-2 text-xs font-medium text-indigo-600 dark:text-indigo-300">
          <Icon name="zap" size={14} />
          Keyword “price” matched · flow “Product inquiry” started
        </div>
        <div className="ml-8 space-y-2">
          <p className="rounded-xl rounded-tr-sm bg-indigo-600 px-4 py-3 text-sm text-white">
            Hey Maya! Thanks for asking! I just sent you a DM with prices and a 10% code.
          </p>
          <p className="rounded-xl rounded-tr-sm bg-violet-600 px-4 py-3 text-sm text-white">Here's the link to the collection → your code is WELCOME10</p>
        </div>
        <div className="grid grid-cols-3 gap-2 border-t border-slate-100 pt-4 text-center dark:border-slate-800">
          {[
            ['Replied in', replyBoundLabel],
            ['Channel', 'DM'],
            ['Lead', 'Tagged'],
          ].map(([label, value]) => (
            <div key={label}>
              <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
              <p className="text-sm font-semibold text-slate-900 dark:text-white">{value}</p>
            </div>
          ))}
        </div>
        <p className="text-center text-[11px] text-slate-500 dark:text-slate-400">
          Reply time: p99 from comment to sent reply in our benchmark of {benchmarkDate} (1,500 comments, 2 cores).
        </p>
      </div>
    </div>
  );
}
