import { DELIVERY_CHECK_LABELS, FAILURE_REASON_LABELS, FAILURE_REASONS, type FailedSend } from '@contracts/failed-sends';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { dismissFailedSends, fetchFailedSends, retryFailedSends, type FailedSendsFilter } from './failed-sends.api';
import { RetryRiskDialog } from './retry-risk-dialog';

const sourceLabels: Record<FailedSend['source'], string> = {
  rule: 'Comment rule',
  flow: 'Flow run',
  inbox: 'Inbox',
  social_messaging: 'Social Messaging',
  other: 'Other',
};
const kindLabels: Record<FailedSend['kind'], string> = { dm: 'DM', private_reply: 'Private reply', public_reply: 'Public reply' };

/** /failed-sends: every outbound message that ended failed or uncertain, grouped, filtered, retried or dismissed. */
export function FailedSendsPage() {
  const [filter, setFilter] = useState<FailedSendsFilter>({ reason: 'all', accountId: 'all' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  /** Selected sends that may already have been delivered, waiting for the person's answer (F23). */
  const [asking, setAsking] = useState<{ ids: string[]; risky: number } | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['failed-sends', filter], queryFn: () => fetchFailedSends(filter) });
  const all = useQuery({ queryKey: ['failed-sends', 'groups'], queryFn: () => fetchFailedSends({ reason: 'all', accountId: 'all' }) });
  const done = () => {
    setSelected(new Set());
    void queryClient.invalidateQueries({ queryKey: ['failed-sends'] });
  };
  const retry = useMutation({
    mutationFn: ({ ids, confirmDuplicateRisk }: { ids: string[]; confirmDuplicateRisk: boolean }) => retryFailedSends(ids, confirmDuplicateRisk),
    onSuccess: (r) => {
      const queued = r.results.filter((x) => x.status === 'queued').length;
      const skipped = r.results.flatMap((x) => (x.status === 'skipped' ? [x.reason] : []));
      setMessage(`${queued} queued for a new attempt${skipped.length ? `; ${skipped.length} skipped: ${[...new Set(skipped)].join('; ')}` : ''}.`);
      done();
    },
    onError: (e) => setMessage(e instanceof Error ? e.message : 'Retry failed'),
  });
  const dismiss = useMutation({
    mutationFn: (ids: string[]) => dismissFailedSends(ids, note),
    onSuccess: (r) => {
      setMessage(`${r.dismissed.length} dismissed.`);
      setNote('');
      done();
    },
    onError: (e) => setMessage(e instanceof Error ? e.message : 'Dismiss failed'),
  });
  const items = list.data?.items ?? [];
  const accounts = new Map((all.data?.groups ?? []).map((g) => [g.accountId, g.account]));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const ids = [...selected];
  const startRetry = () => {
    const risky = items.filter((s) => selected.has(s.id) && s.duplicateRisk).length;
    if (risky > 0) setAsking({ ids, risky });
    else retry.mutate({ ids, confirmDuplicateRisk: false });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Failed sends"
        description="Every message that was not delivered, or may not have been, and why. Retry after fixing the cause, or dismiss with a note."
      />
      {all.data && all.data.groups.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Failed sends by reason and account">
          {all.data.groups.map((g) => (
            <button
              key={`${g.reason}:${g.accountId}`}
              type="button"
              onClick={() => setFilter({ reason: g.reason, accountId: g.accountId })}
              className="rounded-xl border border-slate-200 bg-white p-4 text-left hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-900"
            >
              <div className="text-2xl font-semibold text-slate-900 dark:text-white">{g.count}</div>
              <div className="text-sm font-medium text-slate-700 dark:text-slate-200">{g.reasonLabel}</div>
              <div className="text-xs text-slate-500 dark:text-slate-400">{g.account}</div>
            </button>
          ))}
        </div>
      )}
      <Card className="flex flex-wrap items-end gap-3 p-4">
        <SelectField
          compact
          label="Reason"
          value={filter.reason}
          onChange={(e) => setFilter({ ...filter, reason: e.target.value })}
          options={[{ value: 'all', label: 'All reasons' }, ...FAILURE_REASONS.map((r) => ({ value: r, label: FAILURE_REASON_LABELS[r] }))]}
        />
        <SelectField
          compact
          label="Account"
          value={filter.accountId}
          onChange={(e) => setFilter({ ...filter, accountId: e.target.value })}
          options={[{ value: 'all', label: 'All accounts' }, ...[...accounts].map(([value, label]) => ({ value, label }))]}
        />
        <div className="ml-auto flex flex-wrap items-end gap-2">
          <Button disabled={ids.length === 0} loading={retry.isPending} onClick={startRetry}>
            Retry {ids.length || ''}
          </Button>
          <input
            aria-label="Dismiss note"
            placeholder="Note (why dismiss)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className="h-9 rounded-lg border border-slate-300 px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          <Button variant="outline" disabled={ids.length === 0 || note.trim() === ''} loading={dismiss.isPending} onClick={() => dismiss.mutate(ids)}>
            Dismiss {ids.length || ''}
          </Button>
        </div>
      </Card>
      {asking && (
        <RetryRiskDialog
          risky={asking.risky}
          total={asking.ids.length}
          onClose={() => setAsking(null)}
          onRetry={() => {
            retry.mutate({ ids: asking.ids, confirmDuplicateRisk: true });
            setAsking(null);
          }}
        />
      )}
      {message && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {message}
        </p>
      )}
      {list.isPending ? (
        <Card className="flex items-center justify-center gap-2 py-16 text-sm text-slate-500">
          <Spinner size={16} /> Loading failed sends...
        </Card>
      ) : list.isError ? (
        <Card className="py-12 text-center text-sm text-red-600" role="alert">
          Failed to fetch failed sends
        </Card>
      ) : items.length === 0 ? (
        <EmptyState icon="check-circle" title="Nothing failed" description="Every message was delivered, retried or dismissed." />
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-700">
              <tr>
                <th className="p-3">
                  <input
                    type="checkbox"
                    aria-label="Select all"
                    checked={items.length > 0 && items.every((s) => selected.has(s.id))}
                    onChange={(e) => setSelected(e.target.checked ? new Set(items.map((s) => s.id)) : new Set())}
                  />
                </th>
                <th className="p-3">Contact</th>
                <th className="p-3">Account</th>
                <th className="p-3">Source</th>
                <th className="p-3">Why</th>
                <th className="p-3">When</th>
                <th className="p-3">Attempts</th>
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <tr key={s.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                  <td className="p-3">
                    <input type="checkbox" aria-label={`Select send to ${s.contact ?? 'unknown'}`} checked={selected.has(s.id)} onChange={() => toggle(s.id)} />
                  </td>
                  <td className="p-3">
                    <div className="font-medium text-slate-900 dark:text-white">{s.contact ?? 'Unknown contact'}</div>
                    <div className="max-w-xs truncate text-xs text-slate-500" title={s.text}>
                      {kindLabels[s.kind]}: {s.text}
                    </div>
                    {s.conversationId && (
                      <Link className="text-xs text-indigo-600 hover:underline" to="/inbox">
                        Open inbox
                      </Link>
                    )}
                  </td>
                  <td className="p-3 text-slate-700 dark:text-slate-300">{s.account}</td>
                  <td className="p-3 text-slate-700 dark:text-slate-300">
                    {s.runId ? (
                      <Link className="text-indigo-600 hover:underline" to={`/runs/${s.runId}`}>
                        {sourceLabels[s.source]}
                      </Link>
                    ) : (
                      sourceLabels[s.source]
                    )}
                  </td>
                  <td className="p-3">
                    <div className="font-medium text-slate-900 dark:text-white">{s.reasonLabel}</div>
                    <div className="max-w-sm text-xs text-slate-500">{s.error}</div>
                    {s.deliveryCheck && (
                      <div
                        className={`mt-1 max-w-sm text-xs font-medium ${s.duplicateRisk ? 'text-amber-700 dark:text-amber-400' : 'text-emerald-700 dark:text-emerald-400'}`}
                        title={s.deliveryCheckNote ?? undefined}
                      >
                        {DELIVERY_CHECK_LABELS[s.deliveryCheck]}
                        {s.duplicateRisk ? ' — a retry may send it twice' : ' — safe to retry'}
                      </div>
                    )}
                  </td>
                  <td className="p-3 whitespace-nowrap text-slate-600 dark:text-slate-400">{new Date(s.at).toLocaleString()}</td>
                  <td className="p-3 text-slate-600 dark:text-slate-400">
                    {s.attempts}
                    {s.previousAttempts > 0 && <span className="text-xs"> ({s.previousAttempts} earlier retries)</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}
