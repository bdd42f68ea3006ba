import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreateSequenceBody, Sequence } from '@contracts/sequences';
import { durationMs } from '@contracts/flows/nodes/shared';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { useCan } from '../team/use-can';
import { ViewOnly } from '../team/view-only';
import { SequenceEditor } from './sequence-editor';
import { SequenceEnrollments } from './sequence-enrollments';
import { SequenceFunnel } from './sequence-funnel';
import { createSequence, deleteSequence, fetchSequences, sequenceKeys, updateSequence } from './sequences.api';

function offsetText(s: Sequence['steps'][number]): string {
  if (durationMs(s.offset) === 0) return 'at once';
  return `after ${s.offset.amount} ${s.offset.amount === 1 ? s.offset.unit.replace(/s$/, '') : s.offset.unit}`;
}

/** /sequences: messages at offsets from enrolment; the list, the editor, each sequence's enrolments and drop-off. */
export function SequencesPage() {
  const qc = useQueryClient();
  const canEdit = useCan('sequences:write');
  // Enrolments arrive from flows, tags and the API: the counts follow them like the enrolment list does.
  const list = useQuery({ queryKey: sequenceKeys.list, queryFn: fetchSequences, refetchInterval: 5000 });
  const [selected, setSelected] = useState<string | null>(null);
  /** 'new', a sequence id being edited, or null. */
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sequences = list.data?.sequences ?? [];
  const current = sequences.find((s) => s.id === selected) ?? null;
  const done = (s: Sequence) => {
    setEditing(null);
    setError(null);
    setSelected(s.id);
    void qc.invalidateQueries({ queryKey: ['sequences'] });
  };
  const save = useMutation({
    mutationFn: (body: CreateSequenceBody) => (editing && editing !== 'new' ? updateSequence(editing, body) : createSequence(body)),
    onSuccess: done,
    onError: (e) => setError(errorMessage(e, 'Could not save the sequence')),
  });
  const remove = useMutation({
    mutationFn: deleteSequence,
    onSuccess: () => {
      setSelected(null);
      void qc.invalidateQueries({ queryKey: ['sequences'] });
    },
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Sequences"
        description="Messages sent at set times after a contact is enrolled, within each platform's messaging window."
        actions={
          canEdit ? (
            <Button
              onClick={() => {
                setEditing('new');
                setError(null);
              }}
            >
              New sequence
            </Button>
          ) : (
            <ViewOnly permission="sequences:write" />
          )
        }
      />
      {editing && (
        <SequenceEditor
          key={editing}
          sequence={editing === 'new' ? null : (sequences.find((s) => s.id === editing) ?? null)}
          saving={save.isPending}
          error={error}
          onSave={(body) => save.mutate(body)}
          onCancel={() => setEditing(null)}
        />
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card className="self-start p-2">
          {sequences.length === 0 ? (
            <p className="p-4 text-sm text-slate-600 dark:text-slate-400">
              {list.isLoading ? 'Loading…' : 'No sequences yet. Create one, or use the “3-day welcome sequence” template.'}
            </p>
          ) : (
            <ul>
              {sequences.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    onClick={() => setSelected(s.id)}
                    aria-current={s.id === selected ? 'true' : undefined}
                    className="w-full rounded-lg px-4 py-3 text-left hover:bg-slate-50 aria-[current]:bg-indigo-50 dark:hover:bg-slate-800 dark:aria-[current]:bg-indigo-500/15"
                  >
                    <span className="flex items-center gap-2">
                      <span className="font-medium text-slate-900 dark:text-white">{s.name}</span>
                      {!s.isActive && <Badge>Off</Badge>}
                    </span>
                    <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                      {s.steps.length} {s.steps.length === 1 ? 'step' : 'steps'} · {s.counts.active} active · {s.counts.completed} completed ·{' '}
                      {s.counts.stopped} stopped
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {current ? (
          <div className="space-y-6">
            <Card className="space-y-3 p-6">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{current.name}</h2>
                <Badge tone={current.isActive ? 'success' : 'neutral'}>{current.isActive ? 'On' : 'Off'}</Badge>
                {canEdit && (
                  <span className="ml-auto flex gap-2">
                    <Button variant="secondary" size="sm" onClick={() => setEditing(current.id)}>
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={remove.isPending}
                      onClick={() => {
                        if (window.confirm(`Delete “${current.name}” and its ${current.counts.total} enrolments? Steps not sent yet will not be sent.`))
                          remove.mutate(current.id);
                      }}
                    >
                      Delete
                    </Button>
                  </span>
                )}
              </div>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {current.stopOnReply ? 'Stops when the contact replies.' : 'Keeps going when the contact replies.'}{' '}
                {current.enrollTag ? `Enrols contacts tagged “${current.enrollTag}”.` : ''}
              </p>
              <ol className="space-y-2">
                {current.steps.map((s, i) => (
                  <li key={s.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800/60">
                    <span className="font-medium text-slate-800 dark:text-slate-200">
                      {i + 1}. {offsetText(s)}
                    </span>
                    <span className="block whitespace-pre-wrap text-slate-600 dark:text-slate-400">{s.message.text}</span>
                  </li>
                ))}
              </ol>
            </Card>
            <SequenceFunnel sequence={current} />
            <SequenceEnrollments sequence={current} />
          </div>
        ) : (
          sequences.length > 0 && <p className="text-sm text-slate-600 dark:text-slate-400">Choose a sequence to see its steps, enrolments and drop-off.</p>
        )}
      </div>
    </div>
  );
}
