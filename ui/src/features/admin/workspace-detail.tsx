import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminWorkspace } from '@contracts/admin';
import { planList, plans, type PlanId } from '@contracts/plans';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/api';
import { adminKeys, deleteWorkspace, resumeWorkspace, setWorkspacePlan, suspendWorkspace } from './admin.api';

/** Who put the workspace on its plan (contracts/plans.ts planSources). */
const planSourceText = { default: 'the default plan', admin: 'set by an operator', stripe: 'paid through Stripe', trial: 'a trial' } as const;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' }) : 'never';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      <div className="mt-2 space-y-2 text-sm text-slate-600 dark:text-slate-300">{children}</div>
    </section>
  );
}

/** One workspace: its figures, its plan (contracts/plans.ts), suspend / resume, delete with the name typed again. */
export function WorkspaceDetail({ workspace: w, onClose }: { workspace: AdminWorkspace; onClose: () => void }) {
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [confirmName, setConfirmName] = useState('');
  const done = () => qc.invalidateQueries({ queryKey: adminKeys.all });
  const suspend = useMutation({ mutationFn: () => suspendWorkspace(w.id, reason), onSuccess: done });
  const resume = useMutation({ mutationFn: () => resumeWorkspace(w.id), onSuccess: done });
  const [plan, setPlan] = useState<PlanId>(w.plan.id);
  const changePlan = useMutation({ mutationFn: () => setWorkspacePlan(w.id, plan), onSuccess: done });
  const remove = useMutation({
    mutationFn: () => deleteWorkspace(w.id, confirmName),
    onSuccess: async () => {
      await done();
      onClose();
    },
  });
  const error = suspend.error ?? resume.error ?? remove.error ?? changePlan.error;

  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel className="h-full w-full max-w-md space-y-4 overflow-y-auto border-l border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <DialogTitle className="truncate text-lg font-semibold text-slate-900 dark:text-white">{w.name}</DialogTitle>
              <p className="truncate text-sm text-slate-500 dark:text-slate-400">{w.ownerEmail ?? 'No owner'}</p>
            </div>
            <Button variant="ghost" size="sm" onClick={onClose}>
              Close
            </Button>
          </div>
          {w.suspended ? <Badge tone="danger">Suspended since {when(w.suspended.at)}</Badge> : <Badge tone="success">Running</Badge>}
          <dl className="grid grid-cols-2 gap-3 text-sm">
            {[
              ['Members', String(w.members)],
              ['Automated messages this month', String(w.usage.automatedMessages)],
              ['AI answers this month', String(w.usage.aiAnswers)],
              ['Last activity', when(w.lastActivityAt)],
              ['Created', when(w.createdAt)],
            ].map(([k, v]) => (
              <div key={k}>
                <dt className="text-xs text-slate-500 dark:text-slate-400">{k}</dt>
                <dd className="font-medium text-slate-900 dark:text-white">{v}</dd>
              </div>
            ))}
          </dl>
          <Section title="Connected accounts">
            {w.accounts.length === 0 && <p>None connected.</p>}
            {w.accounts.map((a) => (
              <p key={a.id} className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900 dark:text-white">
                  {a.platform} @{a.username}
                </span>
                <Badge tone={a.status === 'active' ? 'success' : 'warning'}>{a.status === 'active' ? 'Healthy' : 'Needs reconnecting'}</Badge>
                {a.statusReason && <span className="text-xs">{a.statusReason}</span>}
                <span className="text-xs text-slate-500 dark:text-slate-400">checked {when(a.healthCheckedAt)}</span>
              </p>
            ))}
          </Section>
          <Section title="Plan">
            <p>
              On <strong>{plans[w.plan.id].name}</strong> ({planSourceText[w.plan.source]}
              {w.plan.source === 'trial' ? ` until ${when(w.plan.trialEndsAt)}` : ''}).
            </p>
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                changePlan.mutate();
              }}
            >
              <SelectField
                label="Change the plan"
                compact
                value={plan}
                onChange={(e) => setPlan(e.target.value as PlanId)}
                options={planList.map((p) => ({ value: p.id, label: `${p.name} — $${p.monthlyPriceUsd}/month` }))}
              />
              <Button type="submit" loading={changePlan.isPending} disabled={plan === w.plan.id}>
                Set plan
              </Button>
            </form>
          </Section>
          <Section title={w.suspended ? 'Suspended' : 'Suspend'}>
            {w.suspended ? (
              <>
                <p>
                  Reason shown to its members: <strong>{w.suspended.reason}</strong>. Nothing automated is sent; incoming messages are stored.
                </p>
                <Button onClick={() => resume.mutate()} loading={resume.isPending}>
                  Resume automation
                </Button>
              </>
            ) : (
              <form
                className="space-y-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  suspend.mutate();
                }}
              >
                <p>Stops its rule replies, flows, broadcasts and AI answers and cancels sends still queued. Its data stays; members see the reason.</p>
                <TextField label="Reason (members see it)" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
                <Button type="submit" variant="outline" disabled={reason.trim().length < 3} loading={suspend.isPending}>
                  Suspend workspace
                </Button>
              </form>
            )}
          </Section>
          <Section title="Delete">
            <form
              className="space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                remove.mutate();
              }}
            >
              <p>
                Deletes the workspace and everything in it, and releases its connected accounts. Members who belong to no other workspace lose their accounts
                too. This cannot be undone.
              </p>
              <TextField label={`Type “${w.name}” to confirm`} value={confirmName} onChange={(e) => setConfirmName(e.target.value)} autoComplete="off" />
              <Button type="submit" variant="destructive" disabled={confirmName.trim() !== w.name.trim()} loading={remove.isPending}>
                Delete workspace
              </Button>
            </form>
          </Section>
          {error && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errorMessage(error, 'That did not work. Please try again.')}
            </p>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
