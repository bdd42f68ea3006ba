import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { MessengerProfileView } from '@contracts/growth';
import type { Platform } from '@contracts/platforms';
import type { ZodType } from 'zod';
import { useState } from 'react';
import { Button } from '../../components/button';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { channelOf, issueLines } from './profile-editor-parts';

type Account = { id: string; platform: Platform; isSandbox: boolean };
type Locales<I> = Array<{ locale: string; items: I[] }>;

/**
 * What the ice-breaker and persistent-menu editors share: a draft per language, the language shown,
 * and Save / Clear, which check the body with the same schema the server uses before Meta is asked
 * (docs/platform-apis.md §2.12), then PUT it and keep the answer as the query's data.
 */
export function useProfileEditor<I, B extends { locales: Array<{ locale: string }> }>(opts: {
  account: Account;
  initial: () => Locales<I>;
  schema: ZodType<B>;
  itemWord: string;
  queryKey: QueryKey;
  put: (body: B) => Promise<MessengerProfileView<B>>;
  /** The toast's title after a save that cleared everything, and after one that did not. */
  titles: { cleared: string; saved: string };
  /** A line added to the toast when the push reached Meta. */
  pushedNote?: string;
}) {
  const { account } = opts;
  const qc = useQueryClient();
  const { toast } = useToast();
  const [draft, setDraft] = useState<Locales<I>>(opts.initial);
  const [current, setCurrent] = useState('default');
  const [problems, setProblems] = useState<string[]>([]);
  const block = draft.find((l) => l.locale === current) ?? draft[0]!;
  const channel = channelOf(account.platform);

  const save = useMutation({
    mutationFn: opts.put,
    onSuccess: (next, body) => {
      qc.setQueryData(opts.queryKey, next);
      toast({
        title: body.locales.length === 0 ? opts.titles.cleared : opts.titles.saved,
        description: account.isSandbox ? 'Saved for the Simulator (nothing is sent to Meta).' : `Pushed to ${channel}.${opts.pushedNote ?? ''}`,
        variant: 'success',
      });
    },
  });

  function submit(body: B) {
    const checked = opts.schema.safeParse(body);
    if (!checked.success)
      return setProblems(
        issueLines(
          checked.error,
          body.locales.map((l) => l.locale),
          opts.itemWord,
        ),
      );
    setProblems([]);
    save.mutate(checked.data);
  }

  const setItems = (items: I[]) => setDraft((d) => d.map((l) => (l.locale === block.locale ? { ...l, items } : l)));
  /** The language bar's handlers: pick, add (and show) a language, remove one (and go back to the default). */
  const locales = {
    locales: draft.map((l) => l.locale),
    current: block.locale,
    onPick: setCurrent,
    onAdd: (l: string) => {
      setDraft((d) => [...d, { locale: l, items: [] }]);
      setCurrent(l);
    },
    onRemove: (l: string) => {
      setDraft((d) => d.filter((x) => x.locale !== l));
      setCurrent('default');
    },
  };
  return { draft, block, setItems, locales, problems, save, submit, channel };
}

/** The editors' foot: what the check found, what the server said, then Clear (when something is pushed) and Save. */
export function ProfileEditorFooter(props: {
  problems: string[];
  save: { isPending: boolean; isError: boolean; error: unknown };
  errorFallback: string;
  canClear: boolean;
  clearPrompt: string;
  onClear: () => void;
  onSave: () => void;
  saveLabel: string;
}) {
  return (
    <>
      {props.problems.length > 0 && (
        <ul role="alert" className="list-disc space-y-0.5 pl-5 text-sm text-red-600 dark:text-red-400">
          {props.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {props.save.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorMessage(props.save.error, props.errorFallback)}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        {props.canClear && (
          <Button variant="ghost" disabled={props.save.isPending} onClick={() => window.confirm(props.clearPrompt) && props.onClear()}>
            Clear
          </Button>
        )}
        <Button loading={props.save.isPending} onClick={props.onSave}>
          {props.saveLabel}
        </Button>
      </div>
    </>
  );
}
