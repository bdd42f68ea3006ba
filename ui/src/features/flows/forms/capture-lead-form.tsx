import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { withDefaults } from '../graph/config-errors';
import type { ConfigFormProps } from './form-types';
import { TemplateTextarea } from './template-textarea';

type CaptureLeadConfig = { from: 'lastMessage' | 'template'; value: string; name: string };

/** Capture Lead: where the email is looked for, and an optional name template (contracts/flows/nodes/capture-lead.ts). */
export function CaptureLeadForm({ kind, config, onChange, errors }: ConfigFormProps) {
  const c = withDefaults<CaptureLeadConfig>(kind, config);
  return (
    <div className="space-y-4">
      <SelectField
        label="Take the email from"
        value={c.from}
        onChange={(e) => onChange({ ...c, from: e.target.value === 'template' ? 'template' : 'lastMessage' })}
        options={[
          { value: 'lastMessage', label: "The contact's last message (e.g. after Wait for Reply)" },
          { value: 'template', label: 'A text with variables' },
        ]}
      />
      {c.from === 'template' && (
        <TemplateTextarea label="Text" rows={2} value={c.value} onChange={(value) => onChange({ ...c, value })} error={errors.value} maxLength={2000} />
      )}
      <TextField
        label="Lead name (optional)"
        value={c.name}
        placeholder="e.g. {name}"
        onChange={(e) => onChange({ ...c, name: e.target.value })}
        error={errors.name}
        hint="Empty: a new lead takes the contact's name and an existing lead keeps its own."
      />
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        The first email in the text is saved on the contact&apos;s lead (one lead per contact and per email). No email found: nothing is saved, the step says so
        and the flow goes on.
      </p>
    </div>
  );
}
