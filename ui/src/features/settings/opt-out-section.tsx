import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { optOutSettingsSchema, type OptOutSettings, type OptOutSettingsBody } from '@contracts/opt-out';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { TextareaField } from '../../components/textarea-field';
import { apiGet, apiRequest, errorMessage } from '../../lib/api';
import { SettingsSection } from './settings-section';
import { useCan } from '../team/use-can';
import { ViewOnly } from '../team/view-only';

const KEY = ['/api/settings/opt-out'] as const;

interface Draft {
  stopWords: string;
  startWords: string;
  stopReply: string;
  startReply: string;
}

const toDraft = (s: OptOutSettings): Draft => ({
  stopWords: s.stopWords.join(', '),
  startWords: s.startWords.join(', '),
  stopReply: s.stopReply,
  startReply: s.startReply,
});
const words = (text: string) =>
  text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

/**
 * Settings → Opt-out (contracts/opt-out.ts): the words that stop (and restart) every automated
 * message to a contact, and the one confirmation each sends. Checked here with the API's own schema.
 */
export function OptOutSection() {
  const client = useQueryClient();
  const canChange = useCan('settings:manage');
  const query = useQuery({ queryKey: KEY, queryFn: () => apiGet<OptOutSettingsBody>('/api/settings/opt-out') });
  // Here, not in the form: a save remounts the form with what was saved, and "Saved" must outlive it.
  const save = useMutation({
    mutationFn: (body: OptOutSettings | null) =>
      body ? apiRequest<OptOutSettingsBody>('PUT', '/api/settings/opt-out', body) : apiRequest<OptOutSettingsBody>('DELETE', '/api/settings/opt-out'),
    onSuccess: (next) => client.setQueryData(KEY, next),
  });
  return (
    <SettingsSection
      id="opt-out"
      icon="shield"
      title="Opt-out (STOP)"
      description="A contact who sends one of these words as their whole message gets one confirmation, and no rule, flow or broadcast messages them until they send a start word. Your own inbox replies still go out."
    >
      {query.data && !canChange ? (
        <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
          <p>Stop words: {query.data.stopWords.join(', ')}</p>
          <p>Start words: {query.data.startWords.join(', ')}</p>
          <ViewOnly permission="settings:manage" />
        </div>
      ) : query.data ? (
        <OptOutForm key={JSON.stringify(query.data)} saved={query.data} save={save} />
      ) : query.isError ? (
        <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(query.error, 'Could not load the opt-out settings')}</p>
      ) : (
        <Spinner className="text-indigo-600" label="Loading opt-out settings" />
      )}
    </SettingsSection>
  );
}

function OptOutForm({ saved, save }: { saved: OptOutSettingsBody; save: UseMutationResult<OptOutSettingsBody, Error, OptOutSettings | null> }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = optOutSettingsSchema.safeParse({ ...draft, stopWords: words(draft.stopWords), startWords: words(draft.startWords) });
    if (!parsed.success) {
      const next: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Draft;
        next[k] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextareaField
          label="Stop words"
          rows={2}
          value={draft.stopWords}
          onChange={set('stopWords')}
          error={errors.stopWords}
          hint="Separated by commas. Case, accents and punctuation around the word are ignored."
        />
        <TextareaField
          label="Start words"
          rows={2}
          value={draft.startWords}
          onChange={set('startWords')}
          error={errors.startWords}
          hint="Only act for someone who opted out; from anyone else they are an ordinary DM."
        />
      </div>
      <TextareaField label="Reply to a stop word" rows={2} value={draft.stopReply} onChange={set('stopReply')} error={errors.stopReply} />
      <TextareaField label="Reply to a start word" rows={2} value={draft.startReply} onChange={set('startReply')} error={errors.startReply} />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" loading={save.isPending}>
          Save opt-out settings
        </Button>
        {!saved.isDefault && (
          <Button type="button" size="sm" variant="outline" disabled={save.isPending} onClick={() => save.mutate(null)}>
            Back to the defaults
          </Button>
        )}
        <span aria-live="polite" className="text-xs text-slate-500 dark:text-slate-400">
          {save.isError ? errorMessage(save.error, 'Not saved. Please try again.') : save.isSuccess ? 'Saved' : saved.isDefault ? 'Using the defaults' : ''}
        </span>
      </div>
    </form>
  );
}
