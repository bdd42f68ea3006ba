import { leadStatuses, type Lead, type LeadStatus } from '@contracts/leads';
import { inputClasses } from '../../components/input.styles';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { statusLabels } from './lead-format';
import { useUpdateLead } from './use-leads';
import { useCan } from '../team/use-can';

/** docs/product-spec.md §4: any status may be set directly; §8: the toasts it shows. */
export function LeadStatusSelect({ lead }: { lead: Lead }) {
  const update = useUpdateLead();
  const canEdit = useCan('leads:write');
  const { toast } = useToast();
  const pending = update.isPending ? update.variables.body.status : undefined;
  return (
    <select
      aria-label={`Status of ${lead.name || lead.email || 'lead'}`}
      value={pending ?? lead.status}
      disabled={update.isPending || !canEdit}
      onChange={(e) =>
        update.mutate(
          { id: lead.id, body: { status: e.target.value as LeadStatus } },
          {
            onSuccess: () => toast({ title: 'Lead updated successfully', variant: 'success' }),
            onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to update lead'), variant: 'destructive' }),
          },
        )
      }
      className={inputClasses(false, 'h-8 w-full py-0 pr-7 text-sm')}
    >
      {leadStatuses.map((s) => (
        <option key={s} value={s}>
          {statusLabels[s]}
        </option>
      ))}
    </select>
  );
}
