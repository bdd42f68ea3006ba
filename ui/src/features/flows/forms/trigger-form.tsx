import { useQuery } from '@tanstack/react-query';
import type { NodeConfig } from '@contracts/flows';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { accountChannelName } from '../../accounts/account-label';
import { fetchSocialAccounts } from '../../accounts/accounts.api';
import { accountKeys } from '../../accounts/accounts.keys';
import { withDefaults } from '../graph/config-errors';
import { ChipsInput } from './chips-input';
import type { ConfigFormProps } from './form-types';

type TriggerConfig = NodeConfig<'trigger'>;

const typeOptions: Array<{ value: TriggerConfig['type']; label: string }> = [
  { value: 'keyword_dm', label: 'Keyword in a DM' },
  { value: 'comment', label: 'Comment on a post' },
  { value: 'story_reply', label: 'Reply to a story' },
  { value: 'story_mention', label: 'Mention in a story (Instagram)' },
  { value: 'postback', label: 'Ice breaker or menu tap' },
  { value: 'referral', label: 'Opened from a growth link (ref)' },
];

const commentsOnOptions: Array<{ value: NonNullable<TriggerConfig['commentsOn']>; label: string }> = [
  { value: 'all', label: 'Every comment (posts, reels and Live)' },
  { value: 'posts', label: 'Comments on posts and reels' },
  { value: 'live', label: 'Instagram Live comments' },
];

const keywordHint: Record<TriggerConfig['type'], string> = {
  keyword_dm: 'The flow starts when a DM contains one of these words or phrases (any letter case).',
  comment: 'Only comments containing one of these start the flow. Leave empty for every comment.',
  story_reply: 'Only story replies containing one of these start the flow. Leave empty for every reply.',
  story_mention: 'A story mention carries no text, so every mention starts the flow.',
  postback:
    'Starts when a person taps an ice breaker or persistent-menu item that points at this flow (set them on the account: Accounts → Ice breakers & menu).',
  referral: 'Starts when a person opens the conversation from a growth link that points at this flow (Growth links in the sidebar); the link tags them.',
};

/** What starts the flow: a keyword DM, a comment, a story reply or a story mention, on one account or any. */
export function TriggerForm({ kind, config, onChange, errors, platform }: ConfigFormProps) {
  const c = withDefaults<TriggerConfig>(kind, config);
  const accounts = useQuery({ queryKey: accountKeys.social, queryFn: fetchSocialAccounts });
  const usable = (accounts.data ?? []).filter((a) => platform === 'multi' || a.platform === platform);
  const accountOptions = [
    { value: '', label: accounts.isPending ? 'Loading accounts…' : 'Any account' },
    ...usable.map((a) => ({ value: a.id, label: `${accountChannelName(a)} · @${a.username}${a.isSandbox ? ' (sandbox)' : ''}` })),
  ];
  if (c.accountId && !usable.some((a) => a.id === c.accountId)) {
    accountOptions.push({ value: c.accountId, label: 'An account no longer connected' });
  }
  const keywordError = Object.entries(errors).find(([path]) => path.startsWith('keywords'))?.[1];

  return (
    <div className="space-y-4">
      <SelectField label="Starts when" value={c.type} options={typeOptions} onChange={(e) => onChange({ ...c, type: e.target.value })} />
      {c.type === 'story_mention' || c.type === 'postback' || c.type === 'referral' ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{keywordHint[c.type]}</p>
      ) : (
        <ChipsInput
          label="Keywords"
          values={c.keywords}
          onChange={(keywords) => onChange({ ...c, keywords })}
          placeholder="e.g. price, info"
          hint={keywordHint[c.type]}
          error={keywordError}
          max={30}
          maxLength={100}
          caseInsensitive
        />
      )}
      <SelectField label="Account" value={c.accountId ?? ''} options={accountOptions} onChange={(e) => onChange({ ...c, accountId: e.target.value || null })} />
      {c.type === 'comment' && (
        <div>
          <SelectField
            label="Which comments"
            value={c.commentsOn ?? 'all'}
            options={commentsOnOptions}
            onChange={(e) => onChange({ ...c, commentsOn: e.target.value })}
          />
          {c.commentsOn === 'live' && (
            <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
              Meta allows a private reply to a Live comment only while the broadcast is on; a comment that arrives later is recorded, not answered.
            </p>
          )}
        </div>
      )}
      {c.type === 'comment' && (
        <TextField
          label="Post ID (optional)"
          value={c.postId ?? ''}
          onChange={(e) => onChange({ ...c, postId: e.target.value.trim() ? e.target.value : null })}
          placeholder="Every post"
          hint="Only comments on this post start the flow."
          error={errors.postId}
        />
      )}
    </div>
  );
}
