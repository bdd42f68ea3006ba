import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';

export function WelcomeStep({ onStart, firstName }: { onStart: () => void; firstName?: string | null }) {
  return (
    <div className="py-6 text-center">
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-lg shadow-indigo-500/30">
        <Icon name="rocket" size={32} />
      </span>
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
        Welcome{firstName ? `, ${firstName}` : ''}! Let's set up your assistant.
      </h1>
      <p className="mx-auto mt-3 max-w-lg text-slate-600 dark:text-slate-400">
        A few quick questions about your business, and Replypilot will know how to answer your comments and DMs. It takes about five minutes.
      </p>
      <Button size="lg" className="mt-8" onClick={onStart}>
        Get Started <Icon name="arrow-right" size={18} />
      </Button>
    </div>
  );
}
