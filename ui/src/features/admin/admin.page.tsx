import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { plans } from '@contracts/plans';
import { useState } from 'react';
import type { AdminWorkspace } from '@contracts/admin';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { NotFoundPage } from '../../app/not-found.page';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/use-current-user';
import { adminKeys, fetchAdminWorkspaces } from './admin.api';
import { InstancePanel } from './instance-panel';
import { WorkspaceDetail } from './workspace-detail';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' }) : '—');

function Health({ w }: { w: AdminWorkspace }) {
  if (w.accounts.length === 0) return <span className="text-slate-400">None</span>;
  const bad = w.accounts.filter((a) => a.status !== 'active').length;
  return (
    <span>
      {w.accounts.length} {bad > 0 ? <Badge tone="warning">{bad} need reconnecting</Badge> : <Badge tone="success">healthy</Badge>}
    </span>
  );
}

/** /admin: the instance operator's console (ADMIN_EMAILS only; anyone else sees the not-found page, as the API answers 404). */
export function AdminPage() {
  const { user } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const operator = user?.isOperator === true;
  const list = useQuery({
    queryKey: adminKeys.workspaces(search, page),
    queryFn: () => fetchAdminWorkspaces(search, page),
    placeholderData: keepPreviousData,
    enabled: operator,
  });
  if (!operator) return <NotFoundPage />;
  const data = list.data;
  const open = data?.items.find((w) => w.id === openId) ?? null;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="space-y-8">
      <PageHeader
        title="Admin console"
        description="Every workspace on this server and the server's own work. Only the emails in ADMIN_EMAILS see this page."
      />
      <section aria-labelledby="workspaces-heading" className="space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="workspaces-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Workspaces {data && <span className="text-sm font-normal text-slate-500 dark:text-slate-400">({data.total})</span>}
          </h2>
          <div className="sm:w-72">
            <TextField
              label="Search"
              type="search"
              placeholder="Workspace name or member email"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        {list.isError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errorMessage(list.error, 'The workspaces could not be read.')}
          </p>
        )}
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Workspace
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Plan
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Members
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Automated msgs (month)
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  AI answers (month)
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Accounts
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Last activity
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  State
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {list.isPending && (
                <tr>
                  <td colSpan={8} className="px-4 py-6">
                    <Spinner label="Loading workspaces" />
                  </td>
                </tr>
              )}
              {data?.items.length === 0 && (
                <tr>
                  <td colSpan={8} className="px-4 py-6 text-slate-500 dark:text-slate-400">
                    No workspace matches.
                  </td>
                </tr>
              )}
              {data?.items.map((w) => (
                <tr key={w.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
                  <td className="px-4 py-2">
                    <button
                      type="button"
                      className="text-left font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                      onClick={() => setOpenId(w.id)}
                    >
                      {w.name}
                    </button>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">{w.ownerEmail ?? 'No owner'}</span>
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">{plans[w.plan.id].name}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{w.members}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{w.usage.automatedMessages}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{w.usage.aiAnswers}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    <Health w={w} />
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">{day(w.lastActivityAt)}</td>
                  <td className="px-4 py-2">{w.suspended ? <Badge tone="danger">Suspended</Badge> : <Badge tone="neutral">Running</Badge>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        {pages > 1 && (
          <div className="flex items-center justify-end gap-2 text-sm">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span className="text-slate-600 dark:text-slate-300">
              Page {page} of {pages}
            </span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </div>
        )}
      </section>
      <InstancePanel />
      {open && <WorkspaceDetail workspace={open} onClose={() => setOpenId(null)} />}
    </div>
  );
}
