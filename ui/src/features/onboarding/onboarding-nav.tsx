import { Button } from '../../components/button';
import { Icon } from '../../components/icon';

interface OnboardingNavProps {
  onBack: () => void;
  onNext: () => void;
  nextLabel: string;
  canContinue: boolean;
  pending: boolean;
  launch: boolean;
  hint?: string;
}

/** Back / Continue (or Launch on Review), with why Continue is disabled when it is. */
export function OnboardingNav({ onBack, onNext, nextLabel, canContinue, pending, launch, hint }: OnboardingNavProps) {
  return (
    <div className="mt-8 border-t border-slate-100 pt-6 dark:border-slate-800">
      <div className="flex items-center justify-between gap-3">
        <Button variant="ghost" onClick={onBack} disabled={pending}>
          <Icon name="arrow-left" size={16} /> Back
        </Button>
        <Button onClick={onNext} disabled={!canContinue} loading={pending}>
          {launch && <Icon name="rocket" size={16} />} {nextLabel} {!launch && <Icon name="arrow-right" size={16} />}
        </Button>
      </div>
      {!canContinue && hint && <p className="mt-3 text-right text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
    </div>
  );
}
