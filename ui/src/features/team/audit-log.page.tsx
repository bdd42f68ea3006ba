import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { auditActions, type AuditAction, type AuditEntry } from '@contracts/audit';
import { roleLabels, type Role } from '@contracts/permissions';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/api';
import { SettingsTabs } from '../settings/settings-tabs';
import { fetchAuditLog, fetchMembers, teamKeys } from './team.api';
import { useCan } from './use-can';

interface Filters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const isRole = (v: unknown): v is Role => typeof v === 'string' && v in roleLabels;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What an entry's details add, in words ("Editor → Viewer", "to Ada, 3 at once"). */
function detailText(e: AuditEntry): string | null {
  const d = e.details;
  const unassigned = typeof d.conversationsUnassigned === 'number' ? `, ${plural(d.conversationsUnassigned, 'conversation')} back to Unassigned` : '';
  if (isRole(d.from) && isRole(d.to)) return `${roleLabels[d.from]} → ${roleLabels[d.to]}${unassigned}`;
  if (isRole(d.role)) return `as ${roleLabels[d.role]}${unassigned}`;
  if (e.action === 'conversation.assigned' || e.action === 'conversation.unassigned') {
    const parts = [typeof d.assignee === 'string' ? `to ${d.assignee}` : null, typeof d.from === 'string' ? `was ${d.from}` : null];
    if (typeof d.together === 'number') parts.push(`${d.together} at once`);
    return parts.filter(Boolean).join(', ') || null;
  }
  if (e.action === 'auto_assign.changed') {
    const mode = (m: unknown) => (m === 'round_robin' ? 'Round-robin' : 'Off');
    return `${mode(d.from)} → ${mode(d.to)}`;
  }
  if (e.action === 'workspace.renamed' && typeof d.from === 'string') return `was “${d.from}”`;
  if (e.action === 'leads.exported' && d.filters && typeof d.filters === 'object') {
    const parts = Object.entries(d.filters as Record<string, unknown>).map(([k, v]) => `${k}: ${String(v)}`);
    return parts.length ? parts.join(', ') : 'all leads';
  }
  return null;
}

/** Settings → Audit log (owners and admins): who did what, newest first, filtered by member, action and days. */
export function AuditLogPage() {
  const allowed = useCan('audit:read');
  const [filters, setFilters] = useState<Filters>({ actor: '', action: '', from: '', to: '' });
  const members = useQuery({ queryKey: teamKeys.members, queryFn: fetchMembers, enabled: allowed });
  const log = useInfiniteQuery({
    queryKey: teamKeys.auditLog({ ...filters }),
    queryFn: ({ pageParam }) => fetchAuditLog({ ...filters }, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: allowed,
  });
  const set = (key: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" description="Who did what in this workspace. Entries are never changed or deleted." />
      <div className="mb-6">
        <SettingsTabs />
      </div>
      {!allowed ? (
        <EmptyState icon="lock" title="Owners and admins only" description="Your role cannot read the audit log. Ask an owner or admin of this workspace." />
      ) : (
        <>
          <Card className="mb-4 grid grid-cols-1 gap-3 p-4 sm:grid-cols-4">
            <SelectField
              compact
              label="Member"
              value={filters.actor}
              onChange={(e) => set('actor')(e.target.value)}
              options={[
                { value: '', label: 'Anyone' },
                ...(members.data?.members ?? []).map((m) => ({ value: m.userId, label: [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email })),
              ]}
            />
            <SelectField
              compact
              label="Action"
              value={filters.action}
              onChange={(e) => set('action')(e.target.value)}
              options={[{ value: '', label: 'Any action' }, ...Object.entries(auditActions).map(([value, label]) => ({ value, label }))]}
            />
            <TextField label="From" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set('from')(e.target.value)} />
            <TextField label="To" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set('to')(e.target.value)} />
          </Card>
          {log.isPending ? (
            <Spinner className="mx-auto text-indigo-600" label="Loading the audit log" />
          ) : log.isError ? (
            <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(log.error, 'Could not load the audit log')}</p>
          ) : entries.length === 0 ? (
            <EmptyState icon="file" title="Nothing recorded" description="No entry matches these filters." />
          ) : (
            <Card className="p-0">
              <ol className="divide-y divide-slate-200 dark:divide-slate-800">
                {entries.map((e) => {
                  const detail = detailText(e);
                  return (
                    <li key={e.id} className="px-5 py-3" data-testid="audit-entry">
                      <p className="text-sm text-slate-900 dark:text-white">
                        <span className="font-medium">{e.actorLabel.split(' <')[0]}</span>{' '}
                        <span className="text-slate-600 dark:text-slate-300">{(auditActions[e.action as AuditAction] ?? e.action).toLowerCase()}</span>
                        {e.targetLabel && <span className="font-medium"> {e.targetLabel}</span>}
                        {detail && <span className="text-slate-500 dark:text-slate-400"> ({detail})</span>}
                      </p>
                      <p className="mt-0.5 truncate text-xs text-slate-500 dark:text-slate-400">
                        <time dateTime={e.at}>{when(e.at)}</time> · {e.actorLabel}
                      </p>
                    </li>
                  );
                })}
              </ol>
              {log.hasNextPage && (
                <div className="border-t border-slate-200 p-3 text-center dark:border-slate-800">
                  <Button variant="outline" size="sm" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                    Load older entries
                  </Button>
                </div>
              )}
            </Card>
          )}
        </>
      )}
    </div>
  );
}
