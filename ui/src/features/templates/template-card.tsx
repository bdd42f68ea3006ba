import type { FlowTemplate } from '@contracts/templates';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { can } from '@contracts/permissions';
import { useCurrentUser } from '../auth/use-current-user';
import { conversionLabel, difficultyLabels, platformLabels, triggerLabels } from './template-labels';

interface TemplateCardProps {
  template: FlowTemplate;
  onPreview: () => void;
  onActivate: () => void;
  activating: boolean;
}

/** One template: what it does, where it runs, three tags (docs/product-spec.md §2), Preview and Activate. */
export function TemplateCard({ template, onPreview, onActivate, activating }: TemplateCardProps) {
  const { user } = useCurrentUser();
  const difficulty = difficultyLabels[template.difficulty];
  return (
    <Card className="flex h-full flex-col p-5" data-template-id={template.id}>
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold text-slate-900 dark:text-white">{template.name}</h2>
        <Badge tone={difficulty.tone} className="shrink-0">
          {difficulty.label}
        </Badge>
      </div>
      <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-400">{template.description}</p>
      <div className="mt-4 flex flex-wrap gap-1.5">
        {template.tags.slice(0, 3).map((tag) => (
          <Badge key={tag}>{tag}</Badge>
        ))}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 border-t border-slate-100 pt-4 text-xs dark:border-slate-800">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Trigger</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">{triggerLabels[template.triggerType]}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Setup</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">
            {template.estimatedSetupTime} · {template.steps} steps
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Conversion</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200" title={template.runsStarted ? `${template.runsStarted} runs` : undefined}>
            {conversionLabel(template.conversionRate)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Platforms</dt>
          <dd className="flex gap-1.5 pt-0.5 text-slate-600 dark:text-slate-300">
            {template.platforms.map((p) => (
              <Icon key={p} name={platformLabels[p].icon} size={16} role="img" aria-hidden={false} aria-label={platformLabels[p].label} />
            ))}
          </dd>
        </div>
      </dl>
      {template.smartkbIntegration && (
        <p className="mt-3 flex items-center gap-1.5 text-xs text-indigo-700 dark:text-indigo-300">
          <Icon name="sparkles" size={14} /> Fills answers from your knowledge base
        </p>
      )}
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="outline" size="sm" onClick={onPreview} aria-label={`Preview ${template.name}`}>
          <Icon name="eye" size={16} /> Preview
        </Button>
        <Button
          size="sm"
          onClick={onActivate}
          loading={activating}
          disabled={user ? !can(user.role, 'templates:write') : false}
          title={user && !can(user.role, 'templates:write') ? 'Editors, admins and owners activate templates' : undefined}
          aria-label={`Activate ${template.name}`}
        >
          <Icon name="zap" size={16} /> Activate
        </Button>
      </div>
    </Card>
  );
}
