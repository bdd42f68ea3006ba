import { useId } from 'react';
import type { NodeConfig } from '@contracts/flows';
import { TextField } from '../../../components/text-field';
import { withDefaults } from '../graph/config-errors';
import { FieldGroup, FieldMessage, smallInput } from './form-bits';
import type { ConfigFormProps } from './form-types';

type AiReplyConfig = NodeConfig<'aiReply'>;

/**
 * AI Reply: the match score the best public knowledge entry needs for the answer to be sent (shown
 * 0.00 to 1.00, as the Runs view and the assistant show it), the hand-off tag, and optional tone guidance.
 */
export function AiReplyForm({ kind, config, onChange, errors }: ConfigFormProps) {
  const c = withDefaults<AiReplyConfig>(kind, config);
  const id = useId();
  const percent = Math.round(c.confidenceThreshold * 100);
  const setThreshold = (value: number) => onChange({ ...c, confidenceThreshold: Number.isFinite(value) ? Math.round(value) / 100 : 0 });
  return (
    <div className="space-y-4">
      <FieldGroup title="Minimum match score to send" aside={<span className="text-sm font-semibold tabular-nums">{(percent / 100).toFixed(2)}</span>}>
        <div className="flex items-center gap-3">
          <input
            type="range"
            min={0}
            max={100}
            step={5}
            value={percent}
            aria-label="Minimum match score"
            aria-describedby={`${id}-hint`}
            className="w-full accent-indigo-600"
            onChange={(e) => setThreshold(Number(e.target.value))}
          />
          <input
            type="number"
            min={0}
            max={1}
            step={0.05}
            value={percent / 100}
            aria-label="Minimum match score (0 to 1)"
            className={`${smallInput} w-20`}
            onChange={(e) => setThreshold(Number(e.target.value) * 100)}
          />
        </div>
        <FieldMessage
          id={id}
          error={errors.confidenceThreshold}
          hint="How much of the customer's question your best public knowledge entry holds, from 0 to 1. At or above it the answer is sent as a DM (Answered); below it, or once today's or this month's AI allowance is used up, nothing is sent and a person takes over (Handoff). Only public entries are used."
        />
      </FieldGroup>
      <TextField
        label="Hand-off tag"
        value={c.handoffTag}
        placeholder="needs-human"
        onChange={(e) => onChange({ ...c, handoffTag: e.target.value })}
        error={errors.handoffTag}
        hint="Added to the contact on Handoff; their conversation is set to high priority."
      />
      <div>
        <label htmlFor={`${id}-instructions`} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
          Instructions (optional)
        </label>
        <textarea
          id={`${id}-instructions`}
          rows={3}
          maxLength={500}
          value={c.instructions ?? ''}
          placeholder="e.g. Friendly and short, use the customer's first name"
          className={smallInput}
          onChange={(e) => onChange({ ...c, instructions: e.target.value })}
        />
        <FieldMessage id={`${id}-instructions`} error={errors.instructions} hint="Tone and length only: answers always come from your knowledge base." />
      </div>
    </div>
  );
}
