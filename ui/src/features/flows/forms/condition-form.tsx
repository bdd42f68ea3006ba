import type { ConditionRule, NodeConfig } from '@contracts/flows';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { SelectField } from '../../../components/select-field';
import { cn } from '../../../lib/cn';
import { withDefaults } from '../graph/config-errors';
import { needsValue, newRule, operatorOptions, subjectOptions, withSubject } from './condition-rules';
import { FieldError, FieldGroup, invalidInput, smallInput } from './form-bits';
import type { ConfigFormProps } from './form-types';

const MAX_RULES = 20;

/** Branch on tags, contact fields or the last message: Yes when the rules match, No otherwise. */
export function ConditionForm({ kind, config, onChange, errors }: ConfigFormProps) {
  const c = withDefaults<NodeConfig<'condition'>>(kind, config);
  const setRule = (i: number, rule: ConditionRule) => onChange({ ...c, rules: c.rules.map((r, j) => (j === i ? rule : r)) });

  return (
    <div className="space-y-4">
      <SelectField
        label="Go to Yes when"
        value={c.match}
        options={[
          { value: 'all', label: 'all rules match' },
          { value: 'any', label: 'any rule matches' },
        ]}
        onChange={(e) => onChange({ ...c, match: e.target.value })}
      />
      <FieldGroup title="Rules">
        <ol className="space-y-2">
          {c.rules.map((rule, i) => (
            <li key={i} className="space-y-1.5 rounded-lg border border-slate-200 p-2 dark:border-slate-700" aria-label={`Rule ${i + 1}`}>
              <div className="flex gap-1.5">
                <select
                  aria-label={`Rule ${i + 1} subject`}
                  value={rule.subject}
                  onChange={(e) => setRule(i, withSubject(rule, e.target.value as ConditionRule['subject']))}
                  className={smallInput}
                >
                  {subjectOptions.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  onClick={() => onChange({ ...c, rules: c.rules.filter((_, j) => j !== i) })}
                  disabled={c.rules.length <= 1}
                  aria-label={`Remove rule ${i + 1}`}
                  title="Remove rule"
                  className="shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-red-600 disabled:opacity-40 dark:hover:bg-slate-800"
                >
                  <Icon name="trash" size={14} />
                </button>
              </div>
              {rule.subject === 'field' && (
                <input
                  aria-label={`Rule ${i + 1} field name`}
                  placeholder="Field name, e.g. email"
                  value={rule.field ?? ''}
                  onChange={(e) => setRule(i, { ...rule, field: e.target.value })}
                  className={cn(smallInput, errors[`rules.${i}.field`] && invalidInput)}
                />
              )}
              <select
                aria-label={`Rule ${i + 1} operator`}
                value={rule.operator}
                onChange={(e) => setRule(i, { ...rule, operator: e.target.value as ConditionRule['operator'] })}
                className={smallInput}
              >
                {operatorOptions(rule.subject).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              {needsValue(rule.operator) && (
                <input
                  aria-label={`Rule ${i + 1} value`}
                  placeholder={rule.subject === 'tag' ? 'Tag, e.g. vip' : 'Value'}
                  value={rule.value}
                  onChange={(e) => setRule(i, { ...rule, value: e.target.value })}
                  className={cn(smallInput, errors[`rules.${i}.value`] && invalidInput)}
                />
              )}
              <FieldError message={errors[`rules.${i}.field`] ?? errors[`rules.${i}.value`] ?? errors[`rules.${i}`]} />
            </li>
          ))}
        </ol>
        <FieldError message={errors.rules} />
        <Button variant="outline" size="sm" onClick={() => onChange({ ...c, rules: [...c.rules, newRule()] })} disabled={c.rules.length >= MAX_RULES}>
          <Icon name="plus" size={14} /> Add rule
        </Button>
      </FieldGroup>
    </div>
  );
}
