import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Flow } from '@contracts/flows';
import type { MessengerProfileView } from '@contracts/growth';
import type { Platform } from '@contracts/platforms';
import type { ZodError } from 'zod';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { errorMessage } from '../../lib/api';
import { formatListTime } from '../../lib/format-time';
import { createFlow, fetchFlows } from '../flows/flows.api';
import { flowKeys } from '../flows/flows.keys';

/** The accounts' channel as Meta's apps call it. */
export const channelOf = (platform: Platform) => (platform === 'facebook' ? 'Messenger' : 'Instagram');

/** Meta locales offered besides `default` (docs/platform-apis.md §2.12); any `xx_YY` is accepted by the API. */
const commonLocales = [
  'en_US',
  'en_GB',
  'es_ES',
  'es_LA',
  'fr_FR',
  'de_DE',
  'it_IT',
  'pt_BR',
  'pt_PT',
  'nl_NL',
  'pl_PL',
  'tr_TR',
  'ar_AR',
  'hi_IN',
  'id_ID',
  'ja_JP',
  'ko_KR',
  'zh_CN',
];
const localeName = (l: string) => (l === 'default' ? 'Default (every language)' : l);

/** The locale being edited, the others in the draft (default first), and adding or removing one. */
export function LocaleBar(props: {
  locales: string[];
  current: string;
  onPick: (l: string) => void;
  onAdd: (l: string) => void;
  onRemove: (l: string) => void;
}) {
  const { locales, current, onPick, onAdd, onRemove } = props;
  const addable = commonLocales.filter((l) => !locales.includes(l));
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField
        label="Language"
        value={current}
        onChange={(e) => onPick(e.target.value)}
        options={locales.map((l) => ({ value: l, label: localeName(l) }))}
      />
      <SelectField
        label="Add a language"
        value=""
        onChange={(e) => e.target.value && onAdd(e.target.value)}
        options={[{ value: '', label: 'Pick one…' }, ...addable.map((l) => ({ value: l, label: l }))]}
      />
      {current !== 'default' && (
        <Button variant="ghost" size="sm" onClick={() => onRemove(current)}>
          Remove {current}
        </Button>
      )}
    </div>
  );
}

/** The trigger type of a flow's saved graph (the server checks the same: messenger-profile.routes.ts). */
function triggerType(flow: Flow): string | undefined {
  const node = flow.flowData.nodes.find((n) => n.data.kind === 'trigger' || (!n.data.kind && n.data.label === 'Start'));
  return (node?.data.config as { type?: string } | undefined)?.type;
}

/** The workspace's flows that start on a tap (trigger "Ice breaker or menu tap"). */
export function useTapFlows() {
  const flows = useQuery({ queryKey: flowKeys.list, queryFn: fetchFlows });
  return { ...flows, tapFlows: (flows.data ?? []).filter((f) => triggerType(f) === 'postback') };
}

/** A flow picker offering only the flows a tap can start; a flow not started yet says so. */
export function TapFlowSelect({ label, value, onChange, flows }: { label: string; value: string; onChange: (id: string) => void; flows: Flow[] }) {
  const known = flows.some((f) => f.id === value);
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[
        { value: '', label: 'Pick a flow' },
        ...(value && !known ? [{ value, label: 'A flow that no longer starts on a tap' }] : []),
        ...flows.map((f) => ({ value: f.id, label: f.isActive ? f.name : `${f.name} (not started: taps do nothing yet)` })),
      ]}
    />
  );
}

/** No flow starts on a tap yet: say so, and make one (a draft the editor opens) rather than leave a dead end. */
export function NoTapFlow({ platform }: { platform: Platform }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: () =>
      createFlow({
        name: 'Ice breaker reply',
        platform: 'instagram',
        isActive: false,
        flowData: {
          nodes: [
            {
              id: '1',
              type: 'default',
              position: { x: 250, y: 50 },
              data: { kind: 'trigger', label: 'Start', config: { type: 'postback', keywords: [], accountId: null, postId: null } },
            },
            {
              id: '2',
              type: 'default',
              position: { x: 250, y: 200 },
              data: {
                kind: platform === 'facebook' ? 'messengerDM' : 'instagramDM',
                label: 'Reply',
                config: { text: 'Thanks for asking! Here is what you need to know…' },
              },
            },
          ],
          edges: [{ id: 'e1-next-2', source: '1', target: '2', sourceHandle: null }],
        },
      }),
    onSuccess: (flow) => {
      void qc.invalidateQueries({ queryKey: flowKeys.all });
      void navigate(`/flows/${flow.id}`);
    },
  });
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <p>
        No flow starts on a tap yet. A tap starts a flow whose trigger is <strong>“Ice breaker or menu tap”</strong>.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button size="sm" loading={create.isPending} onClick={() => create.mutate()}>
          Create a tap flow
        </Button>
        <span className="text-xs">It opens in the flow builder: write the reply, press Start, then come back here.</span>
      </div>
      {create.isError && <p className="mt-1 text-red-700 dark:text-red-300">{errorMessage(create.error, 'Could not create the flow')}</p>}
    </div>
  );
}

/** One item as both copies are shown: its title and what a tap does. */
export interface ShownItem {
  title: string;
  flowId: string | null;
  url: string | null;
}
export type ShownLocales = Array<{ locale: string; items: ShownItem[] }>;

function ItemList({ locales, flows }: { locales: ShownLocales; flows: Flow[] }) {
  if (locales.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">Nothing set.</p>;
  const what = (i: ShownItem) =>
    i.url ? `opens ${i.url}` : i.flowId ? `starts “${flows.find((f) => f.id === i.flowId)?.name ?? 'a deleted flow'}”` : 'a payload Replypilot did not set';
  return (
    <div className="space-y-2">
      {locales.map((l) => (
        <div key={l.locale}>
          <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{localeName(l.locale)}</p>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-800 dark:text-slate-200">
            {l.items.map((i, n) => (
              <li key={n} className="break-words">
                “{i.title}” <span className="text-slate-500 dark:text-slate-400">{what(i)}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

const sameItems = (a: ShownLocales, b: ShownLocales) =>
  JSON.stringify(a.map((l) => [l.locale, l.items.map((i) => [i.title, i.flowId, i.url])])) ===
  JSON.stringify(b.map((l) => [l.locale, l.items.map((i) => [i.title, i.flowId, i.url])]));

/**
 * What the platform holds now next to what Replypilot pushed last, from GET, said as it is: a
 * copy Meta could not be read is not shown as live, and a difference between the two is named.
 */
export function ProfileStatus<T>({
  view,
  pushed,
  platform,
  isSandbox,
  flows,
}: {
  view: MessengerProfileView<T>;
  pushed: ShownLocales;
  platform: Platform;
  isSandbox: boolean;
  flows: Flow[];
}) {
  const live = view.platform?.locales.map((l) => ({ locale: l.locale, items: l.items.map(({ title, flowId, url }) => ({ title, flowId, url })) }));
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <section
        aria-label={isSandbox ? 'Saved for the Simulator' : `On ${channelOf(platform)} now`}
        className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      >
        <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{isSandbox ? 'Saved for the Simulator' : `On ${channelOf(platform)} now`}</h3>
        {isSandbox ? (
          <>
            <ItemList locales={pushed} flows={flows} />
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{view.platformNote}</p>
          </>
        ) : live ? (
          <>
            <ItemList locales={live} flows={flows} />
            {view.pushed !== null && !sameItems(live, pushed) && (
              <p className="mt-2 text-xs text-amber-700 dark:text-amber-300">
                This differs from what Replypilot pushed last: it was changed in Meta’s own tools, or Meta has not applied it yet. Save pushes yours again.
              </p>
            )}
          </>
        ) : (
          <p role="alert" className="text-sm text-amber-700 dark:text-amber-300">
            Could not read what {channelOf(platform)} holds now. {view.platformNote}
          </p>
        )}
      </section>
      {!isSandbox && (
        <section aria-label="Last pushed by Replypilot" className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Last pushed by Replypilot</h3>
          <ItemList locales={pushed} flows={flows} />
          {view.pushedAt && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Pushed {formatListTime(view.pushedAt)}</p>}
        </section>
      )}
    </div>
  );
}

/** The schema's issues in plain words, each naming its language and item ("Default · question 2: Write the question"). */
export function issueLines(error: ZodError, locales: string[], itemWord: string): string[] {
  return error.issues.map((i) => {
    const [, li, , ii] = i.path;
    const where = [typeof li === 'number' ? localeName(locales[li] ?? '') : null, typeof ii === 'number' ? `${itemWord} ${ii + 1}` : null]
      .filter(Boolean)
      .join(' · ');
    return where ? `${where}: ${i.message}` : i.message;
  });
}

/** The draft's locales in the order Meta shows them: `default` first. */
export function defaultFirst<T extends { locale: string }>(list: T[]): T[] {
  return [...list.filter((l) => l.locale === 'default'), ...list.filter((l) => l.locale !== 'default')];
}
