import { MENU_ITEMS_MAX, MENU_TITLE_MAX, persistentMenuSchema, type PersistentMenu } from '@contracts/growth';
import type { Platform } from '@contracts/platforms';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { profileKeys, putPersistentMenu, type PersistentMenuView } from './messenger-profile.api';
import { defaultFirst, LocaleBar, NoTapFlow, ProfileStatus, TapFlowSelect, useTapFlows } from './profile-editor-parts';
import { ProfileEditorFooter, useProfileEditor } from './profile-editor-state';

interface DraftItem {
  type: 'postback' | 'web_url';
  title: string;
  flowId: string;
  url: string;
}
type Draft = Array<{ locale: string; items: DraftItem[] }>;

const fromSaved = (m: PersistentMenu | null): Draft =>
  defaultFirst(
    m?.locales.length
      ? m.locales.map((l) => ({
          locale: l.locale,
          items: l.items.map((i) =>
            i.type === 'postback' ? { type: i.type, title: i.title, flowId: i.flowId, url: '' } : { type: i.type, title: i.title, flowId: '', url: i.url },
          ),
        }))
      : [{ locale: 'default', items: [] }],
  );

/** The draft as PUT takes it: each item only its type's fields; empty extra languages dropped; nothing at all clears. */
function toBody(draft: Draft): PersistentMenu {
  const kept = draft.filter((l) => l.locale === 'default' || l.items.length > 0);
  if (kept.every((l) => l.items.length === 0)) return { locales: [] };
  return {
    locales: kept.map((l) => ({
      locale: l.locale,
      items: l.items.map((i) =>
        i.type === 'postback' ? { type: 'postback', title: i.title, flowId: i.flowId } : { type: 'web_url', title: i.title, url: i.url.trim() },
      ),
    })),
  };
}

/**
 * The persistent menu (docs/platform-apis.md §2.12): up to 20 items per language, each a tap that
 * starts a flow or a web link, titles of at most 30 characters; checked here before Meta is asked.
 */
export function PersistentMenuEditor({ account, view }: { account: { id: string; platform: Platform; isSandbox: boolean }; view: PersistentMenuView }) {
  const flows = useTapFlows();
  const { draft, block, setItems, locales, problems, save, submit, channel } = useProfileEditor<DraftItem, PersistentMenu>({
    account,
    initial: () => fromSaved(view.pushed),
    schema: persistentMenuSchema,
    itemWord: 'item',
    queryKey: profileKeys.menu(account.id),
    put: (body) => putPersistentMenu(account.id, body),
    titles: { cleared: 'Menu cleared', saved: 'Menu saved' },
    pushedNote: account.platform === 'instagram' ? ' Open threads show it after the person refreshes their inbox.' : '',
  });
  const setItem = (i: number, patch: Partial<DraftItem>) => setItems(block.items.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  return (
    <div className="space-y-4">
      <ProfileStatus
        view={view}
        pushed={(view.pushed?.locales ?? []).map((l) => ({
          locale: l.locale,
          items: l.items.map((i) => ({ title: i.title, flowId: i.type === 'postback' ? i.flowId : null, url: i.type === 'web_url' ? i.url : null })),
        }))}
        platform={account.platform}
        isSandbox={account.isSandbox}
        flows={flows.data ?? []}
      />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The menu beside the message box: each item starts a flow or opens a web page. Meta allows {MENU_ITEMS_MAX} items per language, titles of at most{' '}
        {MENU_TITLE_MAX} characters.
      </p>
      <LocaleBar {...locales} />
      {flows.isSuccess && flows.tapFlows.length === 0 && <NoTapFlow platform={account.platform} />}
      <ol className="space-y-3">
        {block.items.map((item, i) => (
          <li key={i} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[10rem_1fr_1fr_auto] sm:items-end dark:border-slate-800">
            <SelectField
              label={`Item ${i + 1} does`}
              value={item.type}
              onChange={(e) => setItem(i, { type: e.target.value === 'web_url' ? 'web_url' : 'postback' })}
              options={[
                { value: 'postback', label: 'Starts a flow' },
                { value: 'web_url', label: 'Opens a link' },
              ]}
            />
            <TextField
              label={`Item ${i + 1} title`}
              value={item.title}
              maxLength={MENU_TITLE_MAX}
              placeholder="Prices"
              onChange={(e) => setItem(i, { title: e.target.value })}
              labelAside={<span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{`${item.title.length}/${MENU_TITLE_MAX}`}</span>}
            />
            {item.type === 'postback' ? (
              <TapFlowSelect label={`Flow for item ${i + 1}`} value={item.flowId} flows={flows.tapFlows} onChange={(flowId) => setItem(i, { flowId })} />
            ) : (
              <TextField
                label={`Link for item ${i + 1}`}
                type="url"
                value={item.url}
                maxLength={2000}
                placeholder="https://shop.example/"
                onChange={(e) => setItem(i, { url: e.target.value })}
              />
            )}
            <Button variant="ghost" size="sm" onClick={() => setItems(block.items.filter((_, j) => j !== i))} aria-label={`Remove item ${i + 1}`}>
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={block.items.length >= MENU_ITEMS_MAX}
          onClick={() => setItems([...block.items, { type: 'postback', title: '', flowId: '', url: '' }])}
        >
          Add an item
        </Button>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {block.items.length}/{MENU_ITEMS_MAX} in {block.locale === 'default' ? 'the default language' : block.locale}
        </span>
      </div>
      <ProfileEditorFooter
        problems={problems}
        save={save}
        errorFallback="Could not save the menu"
        canClear={view.pushed !== null}
        clearPrompt={`Remove the menu from ${channel}?`}
        onClear={() => submit({ locales: [] })}
        onSave={() => submit(toBody(draft))}
        saveLabel={account.isSandbox ? 'Save menu' : `Save and push to ${channel}`}
      />
    </div>
  );
}
