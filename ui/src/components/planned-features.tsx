import { Card } from './card';
import { Icon } from './icon';

interface PlannedFeaturesProps {
  title?: string;
  items: string[];
}

/** Lists what a page will offer once its API ships — so an empty page explains itself honestly. */
export function PlannedFeatures({ title = 'What this page will do', items }: PlannedFeaturesProps) {
  return (
    <Card className="p-6">
      <div className="flex items-center gap-2">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-500/30">
          In development
        </span>
      </div>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Icon name="clock" size={16} className="mt-0.5 shrink-0 text-slate-400" />
            {item}
          </li>
        ))}
      </ul>
    </Card>
  );
}
