import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ICE_BREAKER_QUESTION_MAX, ICE_BREAKERS_MAX, iceBreakersSchema, type IceBreakers } from '@contracts/growth';
import type { Platform } from '@contracts/platforms';
import { useState } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { profileKeys, putIceBreakers, type IceBreakersView } from './messenger-profile.api';
import { channelOf, defaultFirst, issueLines, LocaleBar, NoTapFlow, ProfileStatus, TapFlowSelect, useTapFlows } from './profile-editor-parts';

type Draft = Array<{ locale: string; items: Array<{ question: string; flowId: string }> }>;

/** The draft as PUT takes it: empty extra languages dropped; nothing at all clears (docs/platform-apis.md §2.12). */
function toBody(draft: Draft): IceBreakers {
  const kept = draft.filter((l) => l.locale === 'default' || l.items.length > 0);
  return { locales: kept.every((l) => l.items.length === 0) ? [] : kept };
}

/**
 * Up to 4 questions per language (default first), each starting a flow with a tap trigger; Save
 * pushes them (PUT), Clear removes them at Meta (PUT of an empty list).
 */
export function IceBreakersEditor({ account, view }: { account: { id: string; platform: Platform; isSandbox: boolean }; view: IceBreakersView }) {
  const qc = useQueryClient();
  const { toast } = useToast();
  const flows = useTapFlows();
  const [draft, setDraft] = useState<Draft>(() => defaultFirst(view.pushed?.locales.length ? view.pushed.locales : [{ locale: 'default', items: [] }]));
  const [current, setCurrent] = useState('default');
  const [problems, setProblems] = useState<string[]>([]);
  const block = draft.find((l) => l.locale === current) ?? draft[0]!;
  const channel = channelOf(account.platform);

  const save = useMutation({
    mutationFn: (body: IceBreakers) => putIceBreakers(account.id, body),
    onSuccess: (next, body) => {
      qc.setQueryData(profileKeys.iceBreakers(account.id), next);
      const what = body.locales.length === 0 ? 'Ice breakers cleared' : 'Ice breakers saved';
      toast({
        title: what,
        description: account.isSandbox ? 'Saved for the Simulator (nothing is sent to Meta).' : `Pushed to ${channel}.`,
        variant: 'success',
      });
    },
  });

  const setItems = (items: Draft[number]['items']) => setDraft((d) => d.map((l) => (l.locale === block.locale ? { ...l, items } : l)));
  function submit(body: IceBreakers) {
    const checked = iceBreakersSchema.safeParse(body);
    if (!checked.success)
      return setProblems(
        issueLines(
          checked.error,
          body.locales.map((l) => l.locale),
          'question',
        ),
      );
    setProblems([]);
    save.mutate(checked.data);
  }

  return (
    <div className="space-y-4">
      <ProfileStatus
        view={view}
        pushed={(view.pushed?.locales ?? []).map((l) => ({
          locale: l.locale,
          items: l.items.map((i) => ({ title: i.question, flowId: i.flowId, url: null })),
        }))}
        platform={account.platform}
        isSandbox={account.isSandbox}
        flows={flows.data ?? []}
      />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Questions a person can tap to start a conversation ({channel} shows them on phones, not on desktop). Meta allows {ICE_BREAKERS_MAX} per language.
      </p>
      <LocaleBar
        locales={draft.map((l) => l.locale)}
        current={block.locale}
        onPick={setCurrent}
        onAdd={(l) => {
          setDraft((d) => [...d, { locale: l, items: [] }]);
          setCurrent(l);
        }}
        onRemove={(l) => {
          setDraft((d) => d.filter((x) => x.locale !== l));
          setCurrent('default');
        }}
      />
      {flows.isSuccess && flows.tapFlows.length === 0 && <NoTapFlow platform={account.platform} />}
      <ol className="space-y-3">
        {block.items.map((item, i) => (
          <li key={i} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end dark:border-slate-800">
            <TextField
              label={`Question ${i + 1}`}
              value={item.question}
              maxLength={ICE_BREAKER_QUESTION_MAX}
              placeholder="What are your prices?"
              onChange={(e) => setItems(block.items.map((x, j) => (j === i ? { ...x, question: e.target.value } : x)))}
              labelAside={
                <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{`${item.question.length}/${ICE_BREAKER_QUESTION_MAX}`}</span>
              }
            />
            <TapFlowSelect
              label={`Flow for question ${i + 1}`}
              value={item.flowId}
              flows={flows.tapFlows}
              onChange={(flowId) => setItems(block.items.map((x, j) => (j === i ? { ...x, flowId } : x)))}
            />
            <Button variant="ghost" size="sm" onClick={() => setItems(block.items.filter((_, j) => j !== i))} aria-label={`Remove question ${i + 1}`}>
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={block.items.length >= ICE_BREAKERS_MAX}
          onClick={() => setItems([...block.items, { question: '', flowId: '' }])}
        >
          Add a question
        </Button>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {block.items.length}/{ICE_BREAKERS_MAX} in {block.locale === 'default' ? 'the default language' : block.locale}
        </span>
      </div>
      {problems.length > 0 && (
        <ul role="alert" className="list-disc space-y-0.5 pl-5 text-sm text-red-600 dark:text-red-400">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {save.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorMessage(save.error, 'Could not save the ice breakers')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        {view.pushed !== null && (
          <Button
            variant="ghost"
            disabled={save.isPending}
            onClick={() => window.confirm(`Remove every ice breaker from ${channel}?`) && submit({ locales: [] })}
          >
            Clear
          </Button>
        )}
        <Button loading={save.isPending} onClick={() => submit(toBody(draft))}>
          {account.isSandbox ? 'Save ice breakers' : `Save and push to ${channel}`}
        </Button>
      </div>
    </div>
  );
}
