import { Icon } from '../../../components/icon';
import { flowTemplates } from '../onboarding.data';
import { OptionCard } from '../option-card';
import { StepHeading } from './step-heading';
import type { StepProps } from './step-props';

export function TemplateStep({ state, update }: StepProps) {
  return (
    <div>
      <StepHeading title="Choose a flow template" description="Pick the automation to start with. You can add more later." />
      <div className="grid gap-3 sm:grid-cols-2">
        {flowTemplates.map((template) => (
          <OptionCard
            key={template.id}
            name="template"
            label={template.name}
            selected={state.flowTemplate === template.id}
            onSelect={() => update({ flowTemplate: template.id })}
          >
            <span className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
              <Icon name={template.icon} size={18} className="text-indigo-600 dark:text-indigo-400" />
              {template.name}
            </span>
            <span className="mt-1 pr-6 text-sm text-slate-600 dark:text-slate-400">{template.description}</span>
          </OptionCard>
        ))}
      </div>
    </div>
  );
}
