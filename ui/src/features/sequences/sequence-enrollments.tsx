import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Enrollment, EnrollmentStep, Sequence } from '@contracts/sequences';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { formatMessageTime } from '../../lib/format-time';
import { useCan } from '../team/use-can';
import { fetchEnrollments, sequenceKeys, unenroll } from './sequences.api';

const stepTone: Record<EnrollmentStep['status'], BadgeTone> = { sent: 'success', skipped: 'warning', pending: 'neutral', not_reached: 'neutral' };
const statusTone: Record<Enrollment['status'], BadgeTone> = { active: 'brand', completed: 'success', stopped: 'neutral' };
const statusLabel: Record<Enrollment['status'], string> = { active: 'Active', completed: 'Completed', stopped: 'Stopped' };
const sourceLabel: Record<string, string> = { api: 'through the API', flow: 'by a flow', tag: 'by a tag' };

function stepText(s: EnrollmentStep): string {
  if (s.status === 'sent') return s.delivery === 'failed' ? 'Failed to send' : s.delivery === 'sent' ? 'Sent' : 'Sending';
  if (s.status === 'skipped') return 'Skipped';
  if (s.status === 'pending') return `Due ${formatMessageTime(s.dueAt)}`;
  return 'Not reached';
}

/** A sequence's enrolments, newest first: each contact's status and every step's (sent, skipped and why, due, not reached). */
export function SequenceEnrollments({ sequence }: { sequence: Sequence }) {
  const qc = useQueryClient();
  const canEnroll = useCan('sequences:enroll');
  const list = useQuery({ queryKey: sequenceKeys.enrollments(sequence.id), queryFn: () => fetchEnrollments(sequence.id), refetchInterval: 5000 });
  const out = useMutation({
    mutationFn: (contactId: string) => unenroll(sequence.id, contactId),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['sequences'] }),
  });
  const enrollments = list.data?.enrollments ?? [];
  return (
    <Card className="p-6">
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">Enrolments</h3>
      {enrollments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {list.isLoading
            ? 'Loading…'
            : 'Nobody yet. Contacts are enrolled by a flow’s Sequence step, by the tag set on the sequence, or through the API (POST /api/sequences/:id/enrollments).'}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {enrollments.map((e) => (
            <li key={e.id} className="py-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900 dark:text-white">{e.contactName}</span>
                <Badge tone={statusTone[e.status]}>{statusLabel[e.status]}</Badge>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  enrolled {formatMessageTime(e.enrolledAt)} {sourceLabel[e.source] ?? e.source}
                </span>
                {e.status === 'active' && canEnroll && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto"
                    loading={out.isPending && out.variables === e.contactId}
                    onClick={() => out.mutate(e.contactId)}
                  >
                    Unenrol
                  </Button>
                )}
              </div>
              {e.stopReason && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Stopped: {e.stopReason}</p>}
              <ol className="mt-2 flex flex-wrap gap-2">
                {e.steps.map((s, i) => (
                  <li key={s.stepId} className="max-w-full">
                    <Badge tone={s.status === 'sent' && s.delivery === 'failed' ? 'danger' : stepTone[s.status]} className="max-w-full whitespace-normal">
                      {i + 1}. {stepText(s)}
                      {s.reason ? ` — ${s.reason}` : ''}
                    </Badge>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
