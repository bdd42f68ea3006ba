import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { cn } from '../../../lib/cn';
import { withDefaults } from '../graph/config-errors';
import { FieldError, FieldGroup, invalidInput, smallInput } from './form-bits';
import type { ConfigFormProps } from './form-types';
import { TemplateTextarea } from './template-textarea';
import { bodyLooksLikeJson } from './webhook-body';

interface WebhookConfig {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Array<{ key: string; value: string }>;
  body: string;
  saveResponseTo: string | null;
}

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m, label: m }));

/** Call an external URL with contact data; optionally keep the response in a field. */
export function WebhookForm({ kind, config, onChange, errors }: ConfigFormProps) {
  const c = withDefaults<WebhookConfig>(kind, config);
  const id = useId();
  const setHeader = (i: number, header: { key: string; value: string }) => onChange({ ...c, headers: c.headers.map((h, j) => (j === i ? header : h)) });
  const jsonOk = bodyLooksLikeJson(c.body);
  // An empty URL is not an error the moment the step is added: only once the field was left, or typed in.
  const [urlTouched, setUrlTouched] = useState(false);
  const urlError = urlTouched || c.url !== '' ? errors.url : undefined;

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-2">
        <SelectField label="Method" value={c.method} options={methods} onChange={(e) => onChange({ ...c, method: e.target.value })} />
        <TextField
          label="URL"
          type="url"
          value={c.url}
          placeholder="https://example.com/hook"
          onChange={(e) => onChange({ ...c, url: e.target.value })}
          onBlur={() => setUrlTouched(true)}
          error={urlError}
          hint={urlError ? undefined : 'The address this step calls (http or https).'}
        />
      </div>
      <FieldGroup title="Headers">
        {c.headers.length > 0 && (
          <ul className="space-y-1.5" aria-labelledby={`${id}-headers`}>
            {c.headers.map((header, i) => (
              <li key={i} className="flex gap-1.5">
                <input
                  aria-label={`Header ${i + 1} name`}
                  placeholder="Name"
                  value={header.key}
                  onChange={(e) => setHeader(i, { ...header, key: e.target.value })}
                  className={cn(smallInput, errors[`headers.${i}.key`] && invalidInput)}
                />
                <input
                  aria-label={`Header ${i + 1} value`}
                  placeholder="Value"
                  value={header.value}
                  onChange={(e) => setHeader(i, { ...header, value: e.target.value })}
                  className={smallInput}
                />
                <button
                  type="button"
                  onClick={() => onChange({ ...c, headers: c.headers.filter((_, j) => j !== i) })}
                  aria-label={`Remove header ${i + 1}`}
                  className="shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-red-600 dark:hover:bg-slate-800"
                >
                  <Icon name="trash" size={14} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <FieldError message={Object.entries(errors).find(([path]) => path.startsWith('headers'))?.[1]} />
        <Button
          variant="outline"
          size="sm"
          disabled={c.headers.length >= 20}
          onClick={() => onChange({ ...c, headers: [...c.headers, { key: '', value: '' }] })}
        >
          <Icon name="plus" size={14} /> Add header
        </Button>
      </FieldGroup>
      {c.method !== 'GET' && (
        <div>
          <TemplateTextarea
            label="JSON body"
            value={c.body}
            onChange={(body) => onChange({ ...c, body })}
            error={errors.body}
            maxLength={10_000}
            rows={5}
            placeholder={'{"name": "{name}", "username": "{username}"}'}
          />
          {!jsonOk && <p className="mt-1 text-xs text-amber-700 dark:text-amber-400">This body is not valid JSON.</p>}
        </div>
      )}
      <TextField
        label="Save the response to field (optional)"
        value={c.saveResponseTo ?? ''}
        placeholder="e.g. crm_id"
        onChange={(e) => onChange({ ...c, saveResponseTo: e.target.value.trim() ? e.target.value : null })}
        error={errors.saveResponseTo}
      />
    </div>
  );
}
