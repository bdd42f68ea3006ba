import { ICE_BREAKER_QUESTION_MAX, ICE_BREAKERS_MAX, iceBreakersSchema, type IceBreakers } from '@contracts/growth';
import type { Platform } from '@contracts/platforms';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { profileKeys, putIceBreakers, type IceBreakersView } from './messenger-profile.api';
import { defaultFirst, LocaleBar, NoTapFlow, ProfileStatus, TapFlowSelect, useTapFlows } from './profile-editor-parts';
import { ProfileEditorFooter, useProfileEditor } from './profile-editor-state';

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
  const flows = useTapFlows();
  const { draft, block, setItems, locales, problems, save, submit, channel } = useProfileEditor<Draft[number]['items'][number], IceBreakers>({
    account,
    initial: () => defaultFirst(view.pushed?.locales.length ? view.pushed.locales : [{ locale: 'default', items: [] }]),
    schema: iceBreakersSchema,
    itemWord: 'question',
    queryKey: profileKeys.iceBreakers(account.id),
    put: (body) => putIceBreakers(account.id, body),
    titles: { cleared: 'Ice breakers cleared', saved: 'Ice breakers saved' },
  });

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
      <LocaleBar {...locales} />
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
      <ProfileEditorFooter
        problems={problems}
        save={save}
        errorFallback="Could not save the ice breakers"
        canClear={view.pushed !== null}
        clearPrompt={`Remove every ice breaker from ${channel}?`}
        onClear={() => submit({ locales: [] })}
        onSave={() => submit(toBody(draft))}
        saveLabel={account.isSandbox ? 'Save ice breakers' : `Save and push to ${channel}`}
      />
    </div>
  );
}
