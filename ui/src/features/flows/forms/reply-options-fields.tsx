import type { NodeConfig } from '@contracts/flows';
import { META_MAX_BUTTONS, type ReplyButton } from '@contracts/reply-options';
import { CheckboxField } from '../../../components/checkbox-field';
import { FieldError, FieldGroup, invalidInput, smallInput } from './form-bits';

type DmConfig = NodeConfig<'instagramDM'>;

/**
 * A DM node's profile-filled quick replies and buttons (contracts/reply-options.ts). Limits are
 * Meta's (docs/platform-apis.md §2.5) and checked again when the flow is published.
 */
export function ReplyOptionsFields({ c, onChange, errors }: { c: DmConfig; onChange: (next: DmConfig) => void; errors: Record<string, string> }) {
  const toggle = (kind: 'user_email' | 'user_phone_number', on: boolean) =>
    onChange({ ...c, contactQuickReplies: on ? [...c.contactQuickReplies.filter((k) => k !== kind), kind] : c.contactQuickReplies.filter((k) => k !== kind) });
  const setButton = (i: number, b: ReplyButton) => onChange({ ...c, buttons: c.buttons.map((x, j) => (j === i ? b : x)) });
  const buttonError = (i: number) => Object.entries(errors).find(([path]) => path.startsWith(`buttons.${i}`))?.[1];
  return (
    <div className="space-y-4">
      <FieldGroup title="Offer their profile details">
        <CheckboxField
          checked={c.contactQuickReplies.includes('user_email')}
          onChange={(on) => toggle('user_email', on)}
          label="Their email: one tap sends the email on their profile"
        />
        <CheckboxField
          checked={c.contactQuickReplies.includes('user_phone_number')}
          onChange={(on) => toggle('user_phone_number', on)}
          label="Their phone number: one tap sends it"
        />
        <p className="text-xs text-slate-500 dark:text-slate-400">Shown only when their profile has one, and not on desktop. They count toward the 13.</p>
      </FieldGroup>
      <FieldGroup
        title="Buttons"
        aside={
          c.buttons.length < META_MAX_BUTTONS ? (
            <button
              type="button"
              className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
              onClick={() => onChange({ ...c, buttons: [...c.buttons, { type: 'web_url', title: '', url: '' }] })}
            >
              + Add button
            </button>
          ) : null
        }
      >
        {c.buttons.length === 0 && (
          <p className="text-xs text-slate-500 dark:text-slate-400">Up to 3: a link, or a reply button. A message has quick replies or buttons, not both.</p>
        )}
        {c.buttons.map((b, i) => (
          <div key={i} className="space-y-1.5 rounded-md border border-slate-200 p-2 dark:border-slate-700">
            <div className="flex items-center gap-2">
              <select
                aria-label={`Button ${i + 1} kind`}
                className={smallInput}
                value={b.type}
                onChange={(e) =>
                  setButton(i, e.target.value === 'web_url' ? { type: 'web_url', title: b.title, url: '' } : { type: 'postback', title: b.title })
                }
              >
                <option value="web_url">Link</option>
                <option value="postback">Reply</option>
              </select>
              <button
                type="button"
                aria-label={`Remove button ${i + 1}`}
                className="flex-none px-1 text-lg leading-none text-slate-400 hover:text-red-600"
                onClick={() => onChange({ ...c, buttons: c.buttons.filter((_, j) => j !== i) })}
              >
                ×
              </button>
            </div>
            <input
              aria-label={`Button ${i + 1} title`}
              className={`${smallInput} ${buttonError(i) ? invalidInput : ''}`}
              value={b.title}
              maxLength={20}
              placeholder="Title (20 characters)"
              onChange={(e) => setButton(i, { ...b, title: e.target.value })}
            />
            {b.type === 'web_url' && (
              <input
                aria-label={`Button ${i + 1} link`}
                className={smallInput}
                value={b.url}
                placeholder="https://…"
                onChange={(e) => setButton(i, { ...b, url: e.target.value })}
              />
            )}
            <FieldError message={buttonError(i)} />
          </div>
        ))}
      </FieldGroup>
    </div>
  );
}
