import type { Duration, NodeConfig } from '@contracts/flows';
import { TextField } from '../../../components/text-field';
import { withDefaults } from '../graph/config-errors';
import { DurationField } from './duration-field';
import type { ConfigFormProps } from './form-types';

type Amount = { amount: number | null; unit: Duration['unit'] };

/** Delay (wait a fixed time) and Wait for Reply (pause until the contact answers, or time out). */
export function TimingForm({ kind, config, onChange, errors }: ConfigFormProps) {
  if (kind === 'delay') {
    const c = withDefaults<Amount>(kind, config);
    return (
      <DurationField
        label="Wait for"
        value={c}
        onChange={(d) => onChange({ ...c, ...d })}
        error={errors.amount ?? errors['']}
        hint="Up to 365 days. The contact gets the next step after this pause."
      />
    );
  }
  const c = withDefaults<Omit<NodeConfig<'waitForReply'>, 'timeout'> & { timeout: Amount }>(kind, config);
  return (
    <div className="space-y-4">
      <DurationField
        label="Time out after"
        value={c.timeout}
        onChange={(timeout) => onChange({ ...c, timeout })}
        error={errors['timeout.amount'] ?? errors.timeout}
        hint="A reply follows the Reply branch; silence until then follows Timeout."
      />
      <TextField
        label="Save the reply to field (optional)"
        value={c.saveAs ?? ''}
        onChange={(e) => onChange({ ...c, saveAs: e.target.value.trim() ? e.target.value : null })}
        placeholder="e.g. email"
        error={errors.saveAs}
        hint="Letters, digits and _. Conditions can check it later."
      />
    </div>
  );
}
