import type { Lead } from '@contracts/leads';
import { useState } from 'react';
import { Card } from '../../components/card';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { ConfirmDialog } from '../flows/confirm-dialog';
import { LeadRow, leadGrid } from './lead-row';
import { useDeleteLead } from './use-leads';

const headers = ['Lead', 'Source', 'Status', 'Score', 'Value', 'Added', ''];

export function LeadList({ leads }: { leads: Lead[] }) {
  const [deleting, setDeleting] = useState<Lead | null>(null);
  const remove = useDeleteLead();
  const { toast } = useToast();
  return (
    <Card className="overflow-hidden">
      <div
        className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-xs font-medium tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400 ${leadGrid}`}
        aria-hidden="true"
      >
        {headers.map((h, i) => (
          <span key={i} className={i === headers.length - 1 ? 'text-right' : undefined}>
            {h}
          </span>
        ))}
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Leads">
        {leads.map((lead) => (
          <LeadRow key={lead.id} lead={lead} onDelete={setDeleting} />
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this lead?"
        description={`${deleting?.name || deleting?.email || 'This lead'} will be removed from your leads. Their conversation stays in the inbox.`}
        confirmLabel="Delete lead"
        destructive
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: 'Lead deleted', variant: 'success' });
              setDeleting(null);
            },
            onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to delete lead'), variant: 'destructive' }),
          })
        }
      />
    </Card>
  );
}
