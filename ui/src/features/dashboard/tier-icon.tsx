import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';

/** Distinct icon per tier (docs/product-spec.md §2 dashboard): crown for Enterprise, star for Pro, bolt otherwise. */
export function TierIcon({ tier, className }: { tier: string; className?: string }) {
  const t = tier.toLowerCase();
  const [name, tone] =
    t === 'enterprise'
      ? (['crown', 'from-amber-400 to-orange-500'] as const)
      : t === 'pro'
        ? (['star', 'from-violet-500 to-fuchsia-500'] as const)
        : (['zap', 'from-indigo-500 to-violet-500'] as const);
  return (
    <span
      role="img"
      aria-label={`${tier} tier`}
      className={cn('flex h-12 w-12 items-center justify-center rounded-xl bg-gradient-to-br text-white shadow-sm', tone, className)}
    >
      <Icon name={name} size={24} />
    </span>
  );
}
