import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createEventWebhookSchema,
  eventTypeLabels,
  eventTypes,
  type EventType,
  type EventWebhook,
  type EventWebhookDelivery,
  type EventWebhookWithSecret,
} from '@contracts/event-webhooks';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ShownOnceSecretDialog } from '../../components/shown-once-secret-dialog';
import { CheckboxField } from '../../components/checkbox-field';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { apiGet, apiRequest, errorMessage } from '../../lib/api';
import { formatListTime } from '../../lib/format-time';
import { useCan } from '../team/use-can';
import { SettingsSection } from './settings-section';

const KEY = ['/api/event-webhooks'] as const;

/**
 * Settings → Webhooks (docs/api-webhooks.md): endpoints that receive signed events, each with its
 * status (disabled with the reason), its secret shown once when made or rotated, and a delivery log
 * with the receiver's status codes and a Replay button. Owners and admins only (settings:manage).
 */
export function WebhooksSection() {
  const canManage = useCan('settings:manage');
  const client = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => apiGet<{ webhooks: EventWebhook[] }>('/api/event-webhooks'), enabled: canManage });
  const [shown, setShown] = useState<EventWebhookWithSecret | null>(null);
  if (!canManage) return null;
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  return (
    <SettingsSection
      id="webhooks"
      icon="zap"
      title="Webhooks"
      description="Send events (new messages, leads, sales, finished flow runs…) to your own URL, signed the Standard Webhooks way. Zapier, Make and n8n can also subscribe by themselves with an API key."
    >
      {query.data ? (
        query.data.webhooks.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No endpoints yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {query.data.webhooks.map((h) => (
              <EndpointRow key={h.id} hook={h} onChanged={refresh} onSecret={setShown} />
            ))}
          </ul>
        )
      ) : query.isError ? (
        <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(query.error, 'Could not load the webhooks')}</p>
      ) : (
        <Spinner className="text-indigo-600" label="Loading webhooks" />
      )}
      <AddEndpointForm
        onCreated={(h) => {
          setShown(h);
          void refresh();
        }}
      />
      {shown && (
        <ShownOnceSecretDialog title="Signing secret" secret={shown.secret} testId="webhook-secret" footnote={shown.url} onClose={() => setShown(null)}>
          Copy it now: it is shown only this once. Your receiver verifies each request&apos;s <code>webhook-signature</code> with it.
        </ShownOnceSecretDialog>
      )}
    </SettingsSection>
  );
}

function EndpointRow({ hook, onChanged, onSecret }: { hook: EventWebhook; onChanged: () => void; onSecret: (h: EventWebhookWithSecret) => void }) {
  const [open, setOpen] = useState(false);
  const base = `/api/event-webhooks/${hook.id}`;
  const toggle = useMutation({ mutationFn: () => apiRequest<EventWebhook>('PATCH', base, { enabled: !hook.enabled }), onSuccess: onChanged });
  const rotate = useMutation({ mutationFn: () => apiRequest<EventWebhookWithSecret>('POST', `${base}/rotate-secret`, {}), onSuccess: onSecret });
  const remove = useMutation({ mutationFn: () => apiRequest<void>('DELETE', base), onSuccess: onChanged });
  const failed = toggle.error ?? rotate.error ?? remove.error;
  return (
    <li className="p-3" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <code className="text-sm break-all text-slate-900 dark:text-white">{hook.url}</code>
            {hook.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>}
          </div>
          {hook.description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{hook.description}</p>}
          {!hook.enabled && hook.disabledReason && <p className="mt-1 text-xs text-amber-700 dark:text-amber-400">{hook.disabledReason}</p>}
          <p className="mt-1 text-xs break-words text-slate-500 dark:text-slate-400">{hook.events.join(', ')}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Added {formatListTime(hook.createdAt)}
            {hook.previousSecretUntil && ` · the previous secret also signs until ${formatListTime(hook.previousSecretUntil)}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide log' : 'Delivery log'}
          </Button>
          <Button size="sm" variant="outline" loading={toggle.isPending} onClick={() => toggle.mutate()}>
            {hook.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={rotate.isPending}
            onClick={() => {
              if (window.confirm('Make a new secret? The current one keeps signing too for 24 hours, so your receiver can switch over.')) rotate.mutate();
            }}
          >
            Rotate secret
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete the endpoint ${hook.url}? It stops receiving events at once.`)) remove.mutate();
            }}
          >
            Delete
          </Button>
        </div>
      </div>
      {failed && <p className="mt-2 text-sm text-red-600 dark:text-red-400">{errorMessage(failed, 'That did not work. Please try again.')}</p>}
      {open && <DeliveryLog hookId={hook.id} />}
    </li>
  );
}

const statusTone = { delivered: 'success', pending: 'warning', failed: 'danger' } as const;

function DeliveryLog({ hookId }: { hookId: string }) {
  const key = ['/api/event-webhooks', hookId, 'deliveries'];
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: () => apiGet<{ deliveries: EventWebhookDelivery[] }>(`/api/event-webhooks/${hookId}/deliveries?limit=50`),
    refetchInterval: 5000,
  });
  const replay = useMutation({
    mutationFn: (id: string) => apiRequest<EventWebhookDelivery>('POST', `/api/event-webhooks/${hookId}/deliveries/${id}/replay`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  if (!query.data) return <Spinner className="mt-3 text-indigo-600" label="Loading deliveries" />;
  const deliveries = query.data.deliveries;
  if (deliveries.length === 0)
    return <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No deliveries yet. Events appear here as they are sent.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-xs" data-testid="webhook-deliveries">
        <thead className="text-slate-500 dark:text-slate-400">
          <tr>
            <th className="py-1 pr-3 font-medium">Event</th>
            <th className="py-1 pr-3 font-medium">Status</th>
            <th className="py-1 pr-3 font-medium">Response</th>
            <th className="py-1 pr-3 font-medium">Attempts</th>
            <th className="py-1 pr-3 font-medium">When</th>
            <th className="py-1" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700 dark:divide-slate-800 dark:text-slate-300">
          {deliveries.map((d) => (
            <tr key={d.id}>
              <td className="py-1.5 pr-3 font-mono">{d.eventType}</td>
              <td className="py-1.5 pr-3">
                <Badge tone={statusTone[d.status]}>{d.status}</Badge>
              </td>
              <td className="py-1.5 pr-3 whitespace-nowrap" title={d.lastError ?? undefined}>
                {d.lastStatusCode ?? (d.lastError ? 'error' : '—')}
                {d.lastResponseMs !== null && <span className="text-slate-400"> · {d.lastResponseMs} ms</span>}
              </td>
              <td className="py-1.5 pr-3">{d.attempts}</td>
              <td className="py-1.5 pr-3 whitespace-nowrap">{formatListTime(d.createdAt)}</td>
              <td className="py-1.5 text-right">
                <Button size="sm" variant="ghost" loading={replay.isPending && replay.variables === d.id} onClick={() => replay.mutate(d.id)}>
                  Replay
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {replay.isError && <p className="mt-2 text-sm text-red-600 dark:text-red-400">{errorMessage(replay.error, 'Not replayed. Please try again.')}</p>}
    </div>
  );
}

function AddEndpointForm({ onCreated }: { onCreated: (h: EventWebhookWithSecret) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<Set<EventType>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: { url: string; events: EventType[]; description: string }) => apiRequest<EventWebhookWithSecret>('POST', '/api/event-webhooks', body),
    onSuccess: (h) => {
      setUrl('');
      setDescription('');
      setEvents(new Set());
      onCreated(h);
    },
  });
  const toggle = (type: EventType, on: boolean) =>
    setEvents((s) => {
      const next = new Set(s);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createEventWebhookSchema.safeParse({ url, events: [...events], description });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    create.mutate(parsed.data);
  }
  return (
    <form onSubmit={submit} className="mt-5 space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800" noValidate>
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Add endpoint</h3>
      <TextField label="URL" placeholder="https://example.com/replypilot-hook" value={url} onChange={(e) => setUrl(e.target.value)} maxLength={2000} />
      <TextField
        label="Description (optional)"
        placeholder="e.g. CRM sync"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={200}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Events</legend>
        <div className="grid grid-cols-1 gap-x-8 gap-y-1.5 sm:grid-cols-2">
          {eventTypes.map((type) => (
            <CheckboxField
              key={type}
              name={type}
              ariaLabel={type}
              label={eventTypeLabels[type]}
              checked={events.has(type)}
              onChange={(on) => toggle(type, on)}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" loading={create.isPending}>
          Add endpoint
        </Button>
        <span aria-live="polite" className="text-sm text-red-600 dark:text-red-400">
          {error ?? (create.isError ? errorMessage(create.error, 'Not added. Please try again.') : '')}
        </span>
      </div>
    </form>
  );
}
