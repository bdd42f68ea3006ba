import { TextField } from '../../../components/text-field';
import { withDefaults } from '../graph/config-errors';
import type { ConfigFormProps } from './form-types';
import { TemplateTextarea } from './template-textarea';

/** Add Tag / Remove Tag (a tag) and Set Field (a field and its value). */
export function ContactDataForm({ kind, config, onChange, errors }: ConfigFormProps) {
  if (kind === 'setField') {
    const c = withDefaults<{ field: string; value: string }>(kind, config);
    return (
      <div className="space-y-4">
        <TextField
          label="Field"
          value={c.field}
          placeholder="e.g. city"
          onChange={(e) => onChange({ ...c, field: e.target.value })}
          error={errors.field}
          hint="Letters, digits and _, starting with a letter."
        />
        <TemplateTextarea label="Value" rows={2} value={c.value} onChange={(value) => onChange({ ...c, value })} error={errors.value} maxLength={2000} />
      </div>
    );
  }
  const c = withDefaults<{ tag: string }>(kind, config);
  return (
    <TextField
      label="Tag"
      value={c.tag}
      placeholder="e.g. vip"
      onChange={(e) => onChange({ ...c, tag: e.target.value })}
      error={errors.tag}
      hint={kind === 'addTag' ? 'Conditions can branch on it later.' : 'Nothing happens if the contact does not have it.'}
    />
  );
}
