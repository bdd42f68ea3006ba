import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Broadcast, BroadcastAudience, BroadcastSegment } from '@contracts/broadcasts';
import { leadStatuses } from '@contracts/leads';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { CheckboxField } from '../../components/checkbox-field';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { errorMessage } from '../../lib/api';
import { useCan } from '../team/use-can';
import { ViewOnly } from '../team/view-only';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { BroadcastConfirmDialog } from './broadcast-confirm-dialog';
import { BroadcastEta } from './broadcast-eta';
import { controlBroadcast, createBroadcast, fetchAudience, fetchBroadcasts, fetchReport, retryFailed, startBroadcast } from './broadcasts.api';

const keys = { list: ['broadcasts'] as const, audience: (s: BroadcastSegment) => ['broadcasts', 'audience', s] as const };

interface Draft {
  name: string;
  text: string;
  link: string;
  trackLinks: boolean;
  tags: string;
  fieldKey: string;
  fieldValue: string;
  platform: string;
  leadStatus: string;
  withinHours: string;
  runAt: string;
}
const emptyDraft: Draft = {
  name: '',
  text: '',
  link: '',
  trackLinks: true,
  tags: '',
  fieldKey: '',
  fieldValue: '',
  platform: '',
  leadStatus: '',
  withinHours: '',
  runAt: '',
};

function toSegment(d: Draft): BroadcastSegment {
  const hours = Number.parseInt(d.withinHours, 10);
  return {
    tags: d.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    fields: d.fieldKey.trim() ? [{ key: d.fieldKey.trim(), value: d.fieldValue }] : [],
    platform: (d.platform || null) as BroadcastSegment['platform'],
    leadStatus: (d.leadStatus || null) as BroadcastSegment['leadStatus'],
    lastInboundWithinHours: Number.isFinite(hours) && hours > 0 ? hours : null,
  };
}

const statusTone: Record<Broadcast['status'], BadgeTone> = {
  draft: 'neutral',
  scheduled: 'info',
  running: 'brand',
  paused: 'warning',
  completed: 'success',
  cancelled: 'danger',
};

const statusLabel: Record<Broadcast['status'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  running: 'Sending',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** /broadcasts: compose a message for a segment, see who Meta's rules let it reach, send or schedule it, watch it go. */
export function BroadcastsPage() {
  const qc = useQueryClient();
  const canEdit = useCan('broadcasts:write');
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [error, setError] = useState<string | null>(null);
  /** The confirmation is open (audience null while it is counted): nothing is sent until it is confirmed. */
  const [confirming, setConfirming] = useState<{ audience: BroadcastAudience | null } | null>(null);
  const segment = useDebouncedValue(toSegment(draft), 300);
  const audience = useQuery({ queryKey: keys.audience(segment), queryFn: () => fetchAudience(segment) });
  const list = useQuery({
    queryKey: keys.list,
    queryFn: fetchBroadcasts,
    // Live progress while anything is moving.
    refetchInterval: (q) => (q.state.data?.broadcasts.some((b) => b.status === 'running' || b.status === 'scheduled') ? 1000 : false),
  });
  const send = useMutation({
    mutationFn: async () => {
      const created = await createBroadcast({
        name: draft.name,
        text: draft.text,
        link: draft.link,
        trackLinks: draft.trackLinks,
        segment: toSegment(draft),
      });
      return startBroadcast(created.id, draft.runAt ? new Date(draft.runAt).toISOString() : null);
    },
    onSuccess: () => {
      setDraft(emptyDraft);
      setError(null);
      setConfirming(null);
      void qc.invalidateQueries({ queryKey: keys.list });
    },
    onError: (e) => {
      setConfirming(null);
      setError(errorMessage(e, 'Could not start the broadcast'));
    },
  });
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const a = audience.data;
  const reachable = a?.reachable ?? 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Broadcasts"
        description="Send one message to a segment of your contacts, within each platform's messaging rules."
        actions={<ViewOnly permission="broadcasts:write" />}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className={canEdit ? 'space-y-4 p-6' : 'hidden'}>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">New broadcast</h2>
          <TextField label="Name" value={draft.name} onChange={set('name')} placeholder="Spring sale" />
          <TextareaField label="Message" value={draft.text} onChange={set('text')} rows={3} placeholder="Our spring sale starts today" />
          <TextField label="Link (optional)" value={draft.link} onChange={set('link')} placeholder="https://shop.example/spring" />
          <CheckboxField
            checked={draft.trackLinks}
            onChange={(v) => setDraft({ ...draft, trackLinks: v })}
            label="Track links: count clicks on links in this message (shown on Analytics → Automation)"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Tags (all of)" value={draft.tags} onChange={set('tags')} placeholder="vip, shoes" />
            <SelectField
              label="Platform"
              value={draft.platform}
              onChange={set('platform')}
              options={[
                { value: '', label: 'All platforms' },
                { value: 'instagram', label: 'Instagram' },
                { value: 'facebook', label: 'Messenger' },
                { value: 'twitter', label: 'X' },
              ]}
            />
            <TextField label="Contact field" value={draft.fieldKey} onChange={set('fieldKey')} placeholder="plan" />
            <TextField label="Field value" value={draft.fieldValue} onChange={set('fieldValue')} placeholder="pro" />
            <SelectField
              label="Lead status"
              value={draft.leadStatus}
              onChange={set('leadStatus')}
              options={[{ value: '', label: 'Any' }, ...leadStatuses.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))]}
            />
            <TextField
              label="Last message within (hours)"
              type="number"
              min={1}
              value={draft.withinHours}
              onChange={set('withinHours')}
              placeholder="any time"
            />
          </div>
          <TextField label="Send at (optional)" type="datetime-local" value={draft.runAt} onChange={set('runAt')} hint="Empty: send now" />
          {error && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
          <Button
            onClick={() => {
              // Counted again, for exactly this segment, as the dialog opens: its figures are this moment's.
              const now = toSegment(draft);
              setConfirming({ audience: null });
              qc.fetchQuery({ queryKey: keys.audience(now), queryFn: () => fetchAudience(now), staleTime: 0 }).then(
                (fresh) => setConfirming((c) => (c ? { audience: fresh } : c)),
                (e: unknown) => {
                  setConfirming(null);
                  setError(errorMessage(e, 'Could not count the audience'));
                },
              );
            }}
            loading={send.isPending}
            disabled={!draft.name.trim() || !draft.text.trim() || reachable === 0}
          >
            {draft.runAt ? 'Schedule' : 'Send now'} to {reachable.toLocaleString('en')} {reachable === 1 ? 'contact' : 'contacts'}
          </Button>
        </Card>
        <Card className="space-y-3 p-6" aria-label="Audience">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Audience</h2>
          {!a ? (
            <p className="text-sm text-slate-500">Counting…</p>
          ) : (
            <>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {a.total.toLocaleString('en')} contacts match ({a.byPlatform.map((p) => `${p.platform} ${p.count}`).join(', ') || 'none'}).
              </p>
              <dl className="grid grid-cols-1 gap-2 text-sm">
                <Row label="Inside Meta's 24-hour window" value={a.inWindow} tone="success" />
                <Row label="X (no messaging window; 15 DMs per 15 min)" value={a.xReachable} tone="success" />
                <Row label="Only with a message tag" value={a.tagOnly} tone="neutral" />
              </dl>
              <p className="text-xs text-slate-500 dark:text-slate-400">{a.tagNote}</p>
              <h3 className="pt-2 text-sm font-semibold text-slate-900 dark:text-white">Not reachable (skipped)</h3>
              {a.skipped.length === 0 ? (
                <p className="text-sm text-slate-500">Nobody.</p>
              ) : (
                <ul className="space-y-1 text-sm">
                  {a.skipped.map((s) => (
                    <li key={s.reason} className="flex justify-between gap-4">
                      <span className="text-slate-600 dark:text-slate-300">{s.reason}</span>
                      <span className="font-medium tabular-nums">{s.count.toLocaleString('en')}</span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </Card>
      </div>
      <BroadcastConfirmDialog
        open={confirming !== null}
        name={draft.name.trim()}
        text={draft.text.trim()}
        link={draft.link.trim()}
        runAt={draft.runAt}
        audience={confirming?.audience ?? null}
        sending={send.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => send.mutate()}
      />
      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Sent and scheduled</h2>
        {list.data?.broadcasts.length === 0 && <Card className="p-6 text-sm text-slate-500 dark:text-slate-400">No broadcasts yet.</Card>}
        {list.data?.broadcasts.map((b) => (
          <BroadcastCard key={b.id} b={b} />
        ))}
      </section>
    </div>
  );
}

function Row({ label, value, tone }: { label: string; value: number; tone: BadgeTone }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd>
        <Badge tone={value > 0 ? tone : 'neutral'}>{value.toLocaleString('en')}</Badge>
      </dd>
    </div>
  );
}

function BroadcastCard({ b }: { b: Broadcast }) {
  const qc = useQueryClient();
  const [showReport, setShowReport] = useState(false);
  const report = useQuery({ queryKey: ['broadcasts', 'report', b.id, b.progress], queryFn: () => fetchReport(b.id), enabled: showReport });
  const canEdit = useCan('broadcasts:write');
  const act = useMutation({
    mutationFn: async (action: 'pause' | 'resume' | 'cancel' | 'retry') => {
      if (action === 'retry') await retryFailed(b.id);
      else await controlBroadcast(b.id, action);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: keys.list }),
  });
  const p = b.progress;
  const toSend = p.total - p.skipped;
  const done = p.sent + p.failed + p.cancelled;
  const pct = toSend > 0 ? Math.round((done / toSend) * 100) : b.status === 'completed' ? 100 : 0;
  return (
    <Card className="space-y-3 p-5" data-testid="broadcast" aria-label={`Broadcast ${b.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-slate-900 dark:text-white">{b.name}</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">{b.text}</p>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={statusTone[b.status]}>{statusLabel[b.status]}</Badge>
          {canEdit && (b.status === 'running' || b.status === 'scheduled') && (
            <Button size="sm" variant="outline" onClick={() => act.mutate('pause')}>
              Pause
            </Button>
          )}
          {canEdit && b.status === 'paused' && (
            <Button size="sm" variant="outline" onClick={() => act.mutate('resume')}>
              Resume
            </Button>
          )}
          {canEdit && b.status !== 'completed' && b.status !== 'cancelled' && (
            <Button size="sm" variant="outline" onClick={() => act.mutate('cancel')}>
              Cancel
            </Button>
          )}
          {canEdit && p.failed > 0 && b.status !== 'cancelled' && (
            <Button size="sm" onClick={() => act.mutate('retry')}>
              Retry {p.failed} failed
            </Button>
          )}
        </div>
      </div>
      {b.status === 'scheduled' && b.runAt && <p className="text-sm text-slate-500">Scheduled for {new Date(b.runAt).toLocaleString()}</p>}
      <div
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-label={`${b.name} progress`}
      >
        <div className="h-full rounded-full bg-indigo-600 transition-all" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-sm tabular-nums text-slate-600 dark:text-slate-300" data-testid="broadcast-counts">
        {p.sent.toLocaleString('en-US')} sent · {(p.queued + p.pending).toLocaleString('en-US')} queued · {p.failed.toLocaleString('en-US')} failed ·{' '}
        {p.skipped.toLocaleString('en-US')} skipped
        {p.cancelled > 0 ? ` · ${p.cancelled.toLocaleString('en-US')} cancelled` : ''}
      </p>
      <BroadcastEta b={b} />
      <button type="button" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400" onClick={() => setShowReport(!showReport)}>
        {showReport ? 'Hide report' : 'Show who did not get it'}
      </button>
      {showReport && (
        <ul className="max-h-64 space-y-1 overflow-auto text-sm">
          {report.data?.recipients.length === 0 && <li className="text-slate-500">Everyone got it.</li>}
          {report.data?.recipients.map((r) => (
            <li key={r.contactId} className="flex justify-between gap-4">
              <span>
                {r.name} <span className="text-slate-400">({r.platform})</span>
              </span>
              <span className="text-slate-500">
                {r.status}: {r.reason}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
