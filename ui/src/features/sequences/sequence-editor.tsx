import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_SEQUENCE_STEPS, type CreateSequenceBody, type Sequence, type SequenceStep } from '@contracts/sequences';
import { MESSAGING_WINDOW_HOURS } from '@contracts/platform-windows';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { CheckboxField } from '../../components/checkbox-field';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { accountChannelName } from '../accounts/account-label';
import { fetchSocialAccounts } from '../accounts/accounts.api';
import { accountKeys } from '../accounts/accounts.keys';

type Unit = SequenceStep['offset']['unit'];
interface StepDraft {
  id: string;
  amount: string;
  unit: Unit;
  text: string;
  quickReplies: string;
}
interface Draft {
  name: string;
  accountId: string;
  stopOnReply: boolean;
  enrollTag: string;
  isActive: boolean;
  steps: StepDraft[];
}

const units: { value: Unit; label: string }[] = [
  { value: 'minutes', label: 'minutes' },
  { value: 'hours', label: 'hours' },
  { value: 'days', label: 'days' },
];

let stepCounter = 0;
const newStepId = () => `step-${Date.now().toString(36)}-${++stepCounter}`;

function draftOf(s: Sequence | null): Draft {
  if (!s) {
    return {
      name: '',
      accountId: '',
      stopOnReply: true,
      enrollTag: '',
      isActive: true,
      steps: [{ id: newStepId(), amount: '0', unit: 'minutes', text: '', quickReplies: '' }],
    };
  }
  return {
    name: s.name,
    accountId: s.accountId ?? '',
    stopOnReply: s.stopOnReply,
    enrollTag: s.enrollTag ?? '',
    isActive: s.isActive,
    steps: s.steps.map((x) => ({
      id: x.id,
      amount: String(x.offset.amount),
      unit: x.offset.unit === 'seconds' ? 'minutes' : x.offset.unit,
      text: x.message.text,
      quickReplies: x.message.quickReplies.join(', '),
    })),
  };
}

/** The body the API takes: offsets as typed (the server checks their order and says which is wrong). */
function bodyOf(d: Draft): CreateSequenceBody {
  return {
    name: d.name,
    accountId: d.accountId || null,
    stopOnReply: d.stopOnReply,
    enrollTag: d.enrollTag.trim() || null,
    isActive: d.isActive,
    steps: d.steps.map((s) => ({
      id: s.id,
      offset: { amount: Number.parseInt(s.amount, 10) || 0, unit: s.unit },
      message: {
        text: s.text,
        quickReplies: s.quickReplies
          .split(',')
          .map((q) => q.trim())
          .filter(Boolean),
      },
    })),
  };
}

/** New or existing sequence: name, account, stop on reply, enrol-by-tag, and the steps with their offsets from enrolment. */
export function SequenceEditor(props: {
  sequence: Sequence | null;
  saving: boolean;
  error: string | null;
  onSave: (body: CreateSequenceBody) => void;
  onCancel: () => void;
}) {
  const [d, setD] = useState<Draft>(() => draftOf(props.sequence));
  const accounts = useQuery({ queryKey: accountKeys.social, queryFn: fetchSocialAccounts });
  const setStep = (i: number, patch: Partial<StepDraft>) => setD({ ...d, steps: d.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{props.sequence ? `Edit “${props.sequence.name}”` : 'New sequence'}</h2>
      <TextField label="Name" value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} placeholder="3-day welcome" />
      <SelectField
        label="Account"
        value={d.accountId}
        onChange={(e) => setD({ ...d, accountId: e.target.value })}
        options={[
          { value: '', label: 'Any account (each contact’s own)' },
          ...(accounts.data ?? []).map((a) => ({ value: a.id, label: `${accountChannelName(a)} · ${a.displayName || a.username}` })),
        ]}
      />
      <CheckboxField checked={d.stopOnReply} onChange={(v) => setD({ ...d, stopOnReply: v })} label="Stop when the contact replies" />
      <TextField
        label="Enrol when this tag is added (optional)"
        value={d.enrollTag}
        onChange={(e) => setD({ ...d, enrollTag: e.target.value })}
        placeholder="e.g. new-subscriber"
        hint="A flow's Add Tag step, the inbox or the API adding it enrols the contact."
      />
      <CheckboxField checked={d.isActive} onChange={(v) => setD({ ...d, isActive: v })} label="On (new enrolments allowed)" />
      <ol className="space-y-4">
        {d.steps.map((s, i) => (
          <li key={s.id} className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <div className="flex flex-wrap items-end gap-3">
              <span className="text-sm font-semibold text-slate-900 dark:text-white">Step {i + 1}</span>
              <TextField
                label="After"
                className="w-24"
                inputMode="numeric"
                value={s.amount}
                onChange={(e) => setStep(i, { amount: e.target.value.replace(/[^0-9]/g, '') })}
              />
              <SelectField label="Unit" className="w-32" value={s.unit} onChange={(e) => setStep(i, { unit: e.target.value as Unit })} options={units} />
              <span className="pb-2 text-sm text-slate-500 dark:text-slate-400">from enrolment</span>
              {d.steps.length > 1 && (
                <Button variant="ghost" size="sm" className="ml-auto" onClick={() => setD({ ...d, steps: d.steps.filter((_, j) => j !== i) })}>
                  Remove
                </Button>
              )}
            </div>
            <TextareaField label="Message" rows={3} maxLength={1000} value={s.text} onChange={(e) => setStep(i, { text: e.target.value })} />
            <TextField
              label="Quick replies (optional, comma-separated)"
              value={s.quickReplies}
              onChange={(e) => setStep(i, { quickReplies: e.target.value })}
              placeholder="Yes please, Not now"
              hint="A tap is a reply: it reopens the 24-hour window (and stops the sequence if it stops on a reply)."
            />
          </li>
        ))}
      </ol>
      {d.steps.length < MAX_SEQUENCE_STEPS && (
        <Button
          variant="secondary"
          onClick={() => setD({ ...d, steps: [...d.steps, { id: newStepId(), amount: '1', unit: 'days', text: '', quickReplies: '' }] })}
        >
          Add step
        </Button>
      )}
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
        Meta allows automated messages only within {MESSAGING_WINDOW_HOURS} hours of the contact&apos;s last message, and no message tag applies to a sequence.
        A step that falls outside that window is skipped (the reason is shown on the enrolment); the next step still goes out if the contact has written again.
        X has no such window.
      </p>
      {props.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {props.error}
        </p>
      )}
      <div className="flex gap-3">
        <Button loading={props.saving} onClick={() => props.onSave(bodyOf(d))}>
          {props.sequence ? 'Save' : 'Create sequence'}
        </Button>
        <Button variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </Card>
  );
}
