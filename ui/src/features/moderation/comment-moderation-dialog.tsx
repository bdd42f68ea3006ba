import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationSettings, ModerationView } from '@contracts/comment-moderation';
import type { Platform } from '@contracts/platforms';
import { useState } from 'react';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { Icon } from '../../components/icon';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast/use-toast';
import { apiGet, apiRequest, errorMessage } from '../../lib/api';
import { formatListTime } from '../../lib/format-time';
import { ChipsInput } from '../flows/forms/chips-input';
import { useCan } from '../team/use-can';

interface ModerationAccount {
  id: string;
  platform: Platform;
  username: string;
  displayName: string;
  isSandbox: boolean;
  isActive?: boolean;
}

const keyOf = (accountId: string) => ['comment-moderation', accountId] as const;
const nameOf = (a: ModerationAccount) => (a.platform === 'facebook' && !a.isSandbox ? a.displayName : `@${a.username}`);

/**
 * "Moderation" on an Instagram account or Facebook Page: hide or delete comments with keywords, links
 * or the same text repeated (ADR 0052). Shown to the roles that may change comment rules (the API's
 * own check, contracts/permissions.ts); absent on X accounts.
 */
export function CommentModerationButton({ account }: { account: ModerationAccount }) {
  const canEdit = useCan('rules:write');
  const [open, setOpen] = useState(false);
  if (!canEdit || account.platform === 'twitter' || account.isActive === false) return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Comment moderation of ${nameOf(account)}`}>
        Moderation
      </Button>
      {open && <CommentModerationDialog account={account} onClose={() => setOpen(false)} />}
    </>
  );
}

function CommentModerationDialog({ account, onClose }: { account: ModerationAccount; onClose: () => void }) {
  const view = useQuery({ queryKey: keyOf(account.id), queryFn: () => apiGet<ModerationView>(`/api/social-accounts/${account.id}/moderation`), staleTime: 0 });
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-2 sm:p-4">
        <div className="flex min-h-full items-start justify-center sm:items-center">
          <DialogPanel className="w-full max-w-2xl rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:p-6 dark:border-slate-700 dark:bg-slate-900">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">Comment moderation</DialogTitle>
                <p className="truncate text-sm text-slate-600 dark:text-slate-400">
                  {nameOf(account)}
                  {account.isSandbox ? ' · sandbox' : ''}
                </p>
              </div>
              <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close">
                <Icon name="x" size={16} />
              </Button>
            </div>
            {view.isError ? (
              <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
                {errorMessage(view.error, 'Could not load the settings')}
              </p>
            ) : !view.data ? (
              <div className="flex justify-center py-8">
                <Spinner />
              </div>
            ) : (
              <ModerationForm account={account} view={view.data} />
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

function ModerationForm({ account, view }: { account: ModerationAccount; view: ModerationView }) {
  const [s, setS] = useState<ModerationSettings>(view.settings);
  const [repeat, setRepeat] = useState(String(view.settings.repeatLimit ?? 3));
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const save = useMutation({
    mutationFn: (body: ModerationSettings) => apiRequest<ModerationView>('PUT', `/api/social-accounts/${account.id}/moderation`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(keyOf(account.id), saved);
      toast({
        title: 'Moderation saved',
        description: saved.settings.enabled ? 'New comments are checked from now on.' : 'Moderation is off.',
        variant: 'success',
      });
    },
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not save'), variant: 'destructive' }),
  });
  const repeatOn = s.repeatLimit !== null;
  const repeatNumber = Number(repeat);
  const repeatError = repeatOn && !(Number.isInteger(repeatNumber) && repeatNumber >= 2 && repeatNumber <= 20) ? 'A whole number from 2 to 20' : undefined;

  return (
    <form
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!repeatError) save.mutate({ ...s, repeatLimit: repeatOn ? repeatNumber : null });
      }}
    >
      <CheckboxField checked={s.enabled} onChange={(enabled) => setS({ ...s, enabled })} label="Moderate new comments on this account" />
      <ChipsInput
        label="Keywords"
        values={s.keywords}
        onChange={(keywords) => setS({ ...s, keywords })}
        placeholder="e.g. free followers, promo"
        hint="A comment with one of these words or phrases (any letter case) is moderated."
        max={50}
        maxLength={100}
        caseInsensitive
      />
      <CheckboxField checked={s.blockLinks} onChange={(blockLinks) => setS({ ...s, blockLinks })} label="Comments with a link (https://…, www.…, spam.shop)" />
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <CheckboxField
          checked={repeatOn}
          onChange={(on) => setS({ ...s, repeatLimit: on ? repeatNumber || 3 : null })}
          label="The same text by the same person, this many times within an hour"
        />
        <TextField
          label="Times within an hour"
          type="number"
          min={2}
          max={20}
          value={repeat}
          disabled={!repeatOn}
          onChange={(e) => setRepeat(e.target.value)}
          error={repeatError}
        />
      </div>
      <SelectField
        label="What to do"
        value={s.action}
        options={[
          { value: 'hide', label: 'Hide (only its author still sees it; can be undone on the platform)' },
          { value: 'delete', label: 'Delete (gone for everyone)' },
        ]}
        onChange={(e) => setS({ ...s, action: e.target.value === 'delete' ? 'delete' : 'hide' })}
      />
      <p className="text-xs text-slate-500 dark:text-slate-400">
        A moderated comment gets no private reply from rules or flows. Each one is listed in the activity feed, with whether Meta carried it out.
      </p>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} disabled={Boolean(repeatError)}>
          Save
        </Button>
      </div>
      <RecentModerations recent={view.recent} />
    </form>
  );
}

function RecentModerations({ recent }: { recent: ModerationView['recent'] }) {
  return (
    <section aria-labelledby="recent-moderations" className="border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 id="recent-moderations" className="text-sm font-semibold text-slate-900 dark:text-white">
        Latest moderated comments
      </h3>
      {recent.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">None yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
          {recent.map((r) => (
            <li key={r.commentId} className="py-2 text-sm">
              <p className="text-slate-900 dark:text-white">
                <span className="font-medium">{r.author}</span>: “{r.text}”
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {r.action === 'hide' ? 'Hide' : 'Delete'} because {r.reason} · {statusText(r)} · {formatListTime(r.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function statusText(r: ModerationView['recent'][number]): string {
  if (r.status === 'done') return r.action === 'hide' ? 'hidden' : 'deleted';
  if (r.status === 'failed') return `failed: ${r.error ?? 'unknown error'}`;
  return r.error ? `retrying (${r.error})` : 'queued';
}
