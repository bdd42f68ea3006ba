import type { Duration, NodeConfig } from '@contracts/flows';
import { TextField } from '../../../components/text-field';
import { withDefaults } from '../graph/config-errors';
import { DurationField } from './duration-field';
import type { ConfigFormProps } from './form-types';
import { TemplateTextarea } from './template-textarea';

type Amount = { amount: number | null; unit: Duration['unit'] };
type GateConfig = Omit<NodeConfig<'followGate'>, 'timeout'> & { timeout: Amount };

/**
 * Follow gate (contracts/flows/nodes/follow-gate.ts): the message with its "I'm following" button,
 * the "not yet" message, how many times to re-check, the timeout, and what Instagram lets an app
 * see (docs/platform-apis.md §2.13), said where the gate is set up.
 */
export function FollowGateForm({ kind, config, onChange, errors }: ConfigFormProps) {
  const c = withDefaults<GateConfig>(kind, config);
  return (
    <div className="space-y-4">
      <TemplateTextarea label="Message" rows={3} value={c.text} onChange={(text) => onChange({ ...c, text })} error={errors.text} maxLength={1000} />
      <TextField
        label="Button"
        value={c.buttonTitle}
        maxLength={20}
        onChange={(e) => onChange({ ...c, buttonTitle: e.target.value })}
        error={errors.buttonTitle}
        hint="A one-tap reply under the message (20 characters at most)."
      />
      <TemplateTextarea
        label="When they don't follow yet, reply"
        rows={2}
        value={c.notYetText}
        onChange={(notYetText) => onChange({ ...c, notYetText })}
        error={errors.notYetText}
        maxLength={1000}
      />
      <TextField
        label="Check again at most (times)"
        type="number"
        min={0}
        max={5}
        value={String(c.retries)}
        onChange={(e) => onChange({ ...c, retries: e.target.value === '' ? 0 : Math.trunc(Number(e.target.value)) })}
        error={errors.retries}
        hint="Each time with the reply above and the button again; then the flow takes the No follow branch."
      />
      <DurationField
        label="Time out after"
        value={c.timeout}
        onChange={(timeout) => onChange({ ...c, timeout })}
        error={errors['timeout.amount'] ?? errors.timeout}
        hint="No tap by then follows Timeout. Keep it within 24 hours to message them after."
      />
      <div className="space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        <p className="font-medium text-slate-700 dark:text-slate-300">What Instagram allows</p>
        <p>
          The check uses Instagram&apos;s <code>is_user_follow_business</code>. Instagram lets an app see whether someone follows only after they message the
          account, so Replypilot checks when they tap the button (or reply), never before.
        </p>
        <p>The gate never blocks for ever: after the re-checks they take No follow, and without a tap, Timeout.</p>
        <p>Instagram flows only: Messenger and X have no follow check.</p>
      </div>
    </div>
  );
}
