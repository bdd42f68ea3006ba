import { tones } from '../onboarding.data';
import { OptionCard } from '../option-card';
import { StepHeading } from './step-heading';
import type { StepProps } from './step-props';

export function ToneStep({ state, update }: StepProps) {
  return (
    <div>
      <StepHeading title="Set tone & persona" description="How should your assistant sound?" />
      <div className="grid gap-3 md:grid-cols-3">
        {tones.map((tone) => (
          <OptionCard key={tone.id} name="tone" label={tone.name} selected={state.tone === tone.id} onSelect={() => update({ tone: tone.id })}>
            <span className="font-medium text-slate-900 dark:text-white">{tone.name}</span>
            <span className="mt-3 rounded-xl rounded-tl-sm bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">{tone.sample}</span>
          </OptionCard>
        ))}
      </div>
    </div>
  );
}
