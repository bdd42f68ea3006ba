import { leadStatuses, type Lead, type LeadStatus } from '@contracts/leads';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { inputClasses } from '../../components/input.styles';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { formatUsd, statusLabels } from '../leads/lead-format';
import { PanelSection } from './panel-section';
import { useUpdateContactLead } from './use-contact-panel';

/** The contact's lead: status (any may be set directly, docs/product-spec.md §4) and notes, through /api/leads. */
export function ContactLeadSection({ lead, conversationId }: { lead: Lead | null; conversationId: string }) {
  const update = useUpdateContactLead(conversationId);
  const { toast } = useToast();
  const [notes, setNotes] = useState(lead?.notes ?? '');

  if (!lead) {
    return (
      <PanelSection title="Lead">
        <p className="text-sm text-slate-500 dark:text-slate-400">Not a lead. Comment rules and buying intent make leads; the Leads page adds them by hand.</p>
      </PanelSection>
    );
  }

  function save(body: { status?: LeadStatus; notes?: string }, done: string) {
    update.mutate(
      { id: lead!.id, body },
      {
        onSuccess: () => toast({ title: done, variant: 'success' }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to update lead'), variant: 'destructive' }),
      },
    );
  }

  const pendingStatus = update.isPending ? update.variables.body.status : undefined;
  return (
    <PanelSection
      title="Lead"
      aside={
        <Link to="/leads" className="text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          All leads
        </Link>
      }
    >
      <label htmlFor="contact-lead-status" className="text-xs font-medium text-slate-600 dark:text-slate-300">
        Lead status
      </label>
      <select
        id="contact-lead-status"
        value={pendingStatus ?? lead.status}
        disabled={update.isPending}
        onChange={(e) => save({ status: e.target.value as LeadStatus }, 'Lead status updated')}
        className={inputClasses(false, 'mt-1 h-9 w-full py-0 text-sm')}
      >
        {leadStatuses.map((s) => (
          <option key={s} value={s}>
            {statusLabels[s]}
          </option>
        ))}
      </select>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-xs">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Score</dt>
          <dd className="font-medium text-slate-900 dark:text-white">{lead.score} / 100</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Value</dt>
          <dd className="font-medium text-slate-900 dark:text-white">{formatUsd(lead.value)}</dd>
        </div>
      </dl>
      <label htmlFor="contact-lead-notes" className="mt-3 block text-xs font-medium text-slate-600 dark:text-slate-300">
        Notes
      </label>
      <textarea
        id="contact-lead-notes"
        rows={3}
        maxLength={5000}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        placeholder="What you know about this person"
        className={inputClasses(false, 'mt-1 resize-y text-sm')}
      />
      {notes.trim() !== lead.notes && (
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={() => setNotes(lead.notes)} disabled={update.isPending}>
            Discard
          </Button>
          <Button size="sm" loading={update.isPending} onClick={() => save({ notes: notes.trim() }, 'Notes saved')}>
            Save notes
          </Button>
        </div>
      )}
    </PanelSection>
  );
}
