import type { NodeConfig } from '@contracts/flows';
import { CheckboxField } from '../../../components/checkbox-field';
import { withDefaults } from '../graph/config-errors';
import { ChipsInput } from './chips-input';
import type { ConfigFormProps } from './form-types';
import { ReplyOptionsFields } from './reply-options-fields';
import { TemplateTextarea } from './template-textarea';

/** Instagram / Messenger / X DMs (text + quick replies) and the public reply (text). */
export function MessageForm({ kind, config, onChange, errors }: ConfigFormProps) {
  if (kind === 'publicReply') {
    const c = withDefaults<NodeConfig<'publicReply'>>(kind, config);
    return (
      <TemplateTextarea
        label="Reply text"
        value={c.text}
        onChange={(text) => onChange({ ...c, text })}
        error={errors.text}
        maxLength={2200}
        placeholder="Thanks {first_name}! Check your DMs 📩"
      />
    );
  }
  // Absent on nodes saved before the option: off, as the runtime reads it (new nodes start with it on),
  // and an edit of another field must not turn it on.
  const trackLinks = config.trackLinks === true;
  const c = { ...withDefaults<NodeConfig<'instagramDM'>>(kind, config), trackLinks };
  const quickRepliesError = Object.entries(errors).find(([path]) => path.startsWith('quickReplies'))?.[1];
  return (
    <div className="space-y-4">
      <TemplateTextarea
        label="Message"
        value={c.text}
        onChange={(text) => onChange({ ...c, text })}
        error={errors.text}
        maxLength={1000}
        placeholder="Hi {first_name}! Here is the link you asked for: …"
      />
      {kind === 'twitterDM' ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">X's direct message API has no quick replies or buttons: this message is text only.</p>
      ) : (
        <>
          <ChipsInput
            label="Quick replies"
            values={c.quickReplies}
            onChange={(quickReplies) => onChange({ ...c, quickReplies })}
            placeholder="e.g. Yes please"
            hint="Tappable answers under the message (up to 13, 20 characters each)."
            error={quickRepliesError}
            max={13}
            maxLength={20}
          />
          <ReplyOptionsFields c={c} onChange={onChange} errors={errors} />
        </>
      )}
      <CheckboxField
        checked={trackLinks}
        onChange={(on) => onChange({ ...c, trackLinks: on })}
        label="Track links: count clicks on links in this message (Analytics → Automation)"
      />
    </div>
  );
}
