import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { errorMessage } from '../../lib/api';
import { formatListTime } from '../../lib/format-time';
import { PanelSection } from '../inbox/panel-section';
import { useCan } from '../team/use-can';
import { enroll, fetchContactEnrollments, fetchSequences, sequenceKeys, unenroll } from './sequences.api';

const statusLabel = { active: 'Active', completed: 'Completed', stopped: 'Stopped' } as const;

/** The inbox's contact panel: the sequences this contact is in; an agent enrols them in one or takes them out. */
export function ContactSequencesSection({ contactId }: { contactId: string }) {
  const qc = useQueryClient();
  const canEnroll = useCan('sequences:enroll');
  const mine = useQuery({ queryKey: sequenceKeys.contact(contactId), queryFn: () => fetchContactEnrollments(contactId) });
  const all = useQuery({ queryKey: sequenceKeys.list, queryFn: fetchSequences, enabled: canEnroll });
  const [choice, setChoice] = useState('');
  const refresh = () => void qc.invalidateQueries({ queryKey: ['sequences'] });
  const add = useMutation({
    mutationFn: () => enroll(choice, contactId),
    onSuccess: () => {
      setChoice('');
      refresh();
    },
  });
  const remove = useMutation({ mutationFn: (sequenceId: string) => unenroll(sequenceId, contactId), onSuccess: refresh });
  const enrollments = mine.data?.enrollments ?? [];
  const activeIds = new Set(enrollments.filter((e) => e.status === 'active').map((e) => e.sequenceId));
  const open = (all.data?.sequences ?? []).filter((s) => s.isActive && !activeIds.has(s.id));
  return (
    <PanelSection title="Sequences">
      {enrollments.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Not in any sequence.</p>
      ) : (
        <ul className="space-y-2">
          {enrollments.map((e) => (
            <li key={`${e.sequenceId}-${e.enrolledAt}`} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900 dark:text-white">{e.name}</span>
              <Badge tone={e.status === 'active' ? 'brand' : 'neutral'}>{statusLabel[e.status]}</Badge>
              <span className="w-full text-xs text-slate-500 dark:text-slate-400">
                since {formatListTime(e.enrolledAt)}
                {e.stopReason ? ` · ${e.stopReason}` : ''}
              </span>
              {e.status === 'active' && canEnroll && (
                <Button variant="outline" size="sm" loading={remove.isPending && remove.variables === e.sequenceId} onClick={() => remove.mutate(e.sequenceId)}>
                  Take out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEnroll && open.length > 0 && (
        <div className="mt-3 flex items-end gap-2">
          <SelectField
            label="Enrol in a sequence"
            className="min-w-0 flex-1"
            compact
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            options={[{ value: '', label: 'Choose…' }, ...open.map((s) => ({ value: s.id, label: s.name }))]}
          />
          <Button size="sm" disabled={!choice} loading={add.isPending} onClick={() => add.mutate()}>
            Enrol
          </Button>
        </div>
      )}
      {(add.error || remove.error) && (
        <p role="alert" className="mt-2 text-xs text-red-600 dark:text-red-400">
          {errorMessage(add.error ?? remove.error, 'Could not change the enrolment')}
        </p>
      )}
    </PanelSection>
  );
}
