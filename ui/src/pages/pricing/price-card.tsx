import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';

interface PriceCardProps {
  name: string;
  price: number;
  prefix?: string;
  features: string[];
  popular?: boolean;
  note?: string;
}

export function PriceCard({ name, price, prefix = '', features, popular, note }: PriceCardProps) {
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 dark:bg-slate-900',
        popular ? 'border-indigo-500 shadow-lg shadow-indigo-500/10' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      {popular && <span className="absolute -top-3 left-6 rounded-full bg-indigo-600 px-3 py-0.5 text-xs font-medium text-white">Most popular</span>}
      <h3 className="font-semibold text-slate-900 dark:text-white">{name}</h3>
      {note && <p className="text-xs text-emerald-700 dark:text-emerald-400">{note}</p>}
      <p className="mt-3 text-3xl font-semibold text-slate-900 dark:text-white">
        {prefix}${price}
        <span className="text-sm font-normal text-slate-500">/mo</span>
      </p>
      <ul className="mt-4 flex-1 space-y-2">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Icon name="check" size={16} className="mt-0.5 shrink-0 text-emerald-500" />
            {feature}
          </li>
        ))}
      </ul>
      <ButtonLink to="/register" variant={popular ? 'primary' : 'outline'} className="mt-6">
        Get started
      </ButtonLink>
    </article>
  );
}
