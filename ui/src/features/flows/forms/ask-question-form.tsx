import { answerKinds, type AnswerKind, type Duration, type NodeConfig } from '@contracts/flows';
import { CheckboxField } from '../../../components/checkbox-field';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { withDefaults } from '../graph/config-errors';
import { DurationField } from './duration-field';
import type { ConfigFormProps } from './form-types';
import { TemplateTextarea } from './template-textarea';

type Amount = { amount: number | null; unit: Duration['unit'] };
type AskConfig = Omit<NodeConfig<'askQuestion'>, 'timeout'> & { timeout: Amount };

const answerLabels: Record<AnswerKind, string> = {
  email: 'An email address',
  phone: 'A phone number (with country code)',
  number: 'A number',
  date: 'A date',
  url: 'A link',
  text: 'Any text',
};
const retryHints: Record<AnswerKind, string> = {
  email: "Hmm, that doesn't look like an email address. Could you send it again?",
  phone: 'Could you send your number with its country code, like +1 555 010 0100?',
  number: 'Could you send just the number?',
  date: 'Could you send the date like 2026-03-01?',
  url: 'Could you send the full link?',
  text: '',
};

/** Ask a Question (contracts/flows/nodes/ask-question.ts): the question, what a valid answer is, re-asks, timeout, where it is saved. */
export function AskQuestionForm({ kind, config, onChange, errors }: ConfigFormProps) {
  const c = withDefaults<AskConfig>(kind, config);
  const offers = c.answer === 'email' || c.answer === 'phone';
  return (
    <div className="space-y-4">
      <TemplateTextarea
        label="Question"
        rows={2}
        value={c.question}
        onChange={(question) => onChange({ ...c, question })}
        error={errors.question}
        maxLength={1000}
      />
      <SelectField
        label="The answer is"
        value={c.answer}
        onChange={(e) => {
          const answer = answerKinds.find((k) => k === e.target.value) ?? 'text';
          onChange({ ...c, answer, retryMessage: c.retryMessage === retryHints[c.answer] && retryHints[answer] ? retryHints[answer] : c.retryMessage });
        }}
        options={answerKinds.map((k) => ({ value: k, label: answerLabels[k] }))}
      />
      {c.answer !== 'text' && (
        <>
          <TemplateTextarea
            label="When the answer is not valid, reply"
            rows={2}
            value={c.retryMessage}
            onChange={(retryMessage) => onChange({ ...c, retryMessage })}
            error={errors.retryMessage}
            maxLength={1000}
          />
          <TextField
            label="Ask again at most (times)"
            type="number"
            min={0}
            max={5}
            value={String(c.retries)}
            onChange={(e) => onChange({ ...c, retries: e.target.value === '' ? 0 : Math.trunc(Number(e.target.value)) })}
            error={errors.retries}
            hint="Then the flow follows the Invalid branch."
          />
        </>
      )}
      <DurationField
        label="Time out after"
        value={c.timeout}
        onChange={(timeout) => onChange({ ...c, timeout })}
        error={errors['timeout.amount'] ?? errors.timeout}
        hint="No answer by then follows Timeout. On Instagram and Messenger, keep it within 24 hours to message them after."
      />
      <TextField
        label="Save the answer to field"
        value={c.saveAs ?? ''}
        onChange={(e) => onChange({ ...c, saveAs: e.target.value.trim() ? e.target.value : null })}
        placeholder="e.g. email"
        error={errors.saveAs}
        hint={c.answer === 'email' ? "An email is also saved on the contact's lead." : 'Letters, digits and _. Conditions can check it later.'}
      />
      {offers && (
        <CheckboxField
          checked={c.offerProfile}
          onChange={(offerProfile) => onChange({ ...c, offerProfile })}
          label={`Offer the ${c.answer === 'email' ? 'email' : 'phone number'} on their profile as a one-tap reply (Instagram and Messenger)`}
        />
      )}
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        Phone numbers need their country code (a DM says nothing about the country). Dates are read as year-month-day or day/month/year. The profile reply shows
        only when their profile has one, and not on desktop.
      </p>
    </div>
  );
}
