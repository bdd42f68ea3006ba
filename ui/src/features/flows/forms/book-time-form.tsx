import { META_MAX_QUICK_REPLIES } from '@contracts/reply-options';
import type { Duration, NodeConfig } from '@contracts/flows';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/text-field';
import { withDefaults } from '../graph/config-errors';
import { DurationField } from './duration-field';
import type { ConfigFormProps } from './form-types';
import { TemplateTextarea } from './template-textarea';

type Amount = { amount: number | null; unit: Duration['unit'] };
type BookConfig = Omit<NodeConfig<'bookTime'>, 'timeout'> & { timeout: Amount };

const whole = (v: string, fallback: number) => (v === '' ? fallback : Math.trunc(Number(v)));

/** Book a Time (contracts/flows/nodes/book-time.ts): the offer, how many slots, re-offers, timeout, the confirmation. */
export function BookTimeForm({ kind, config, onChange, errors }: ConfigFormProps) {
  const c = withDefaults<BookConfig>(kind, config);
  return (
    <div className="space-y-4">
      <TemplateTextarea
        label="Offer message"
        rows={2}
        value={c.prompt}
        onChange={(prompt) => onChange({ ...c, prompt })}
        error={errors.prompt}
        maxLength={640}
      />
      <TextField
        label="Slots to offer"
        type="number"
        min={1}
        max={META_MAX_QUICK_REPLIES}
        value={String(c.slots)}
        onChange={(e) => onChange({ ...c, slots: whole(e.target.value, 1) })}
        error={errors.slots}
        hint={`The next open times, as quick replies on Instagram and Messenger (at most ${META_MAX_QUICK_REPLIES}); on X as a numbered list.`}
      />
      <TemplateTextarea
        label="When the reply picks no time, reply"
        rows={2}
        value={c.retryMessage}
        onChange={(retryMessage) => onChange({ ...c, retryMessage })}
        error={errors.retryMessage}
        maxLength={640}
      />
      <TextField
        label="Offer again at most (times)"
        type="number"
        min={0}
        max={5}
        value={String(c.retries)}
        onChange={(e) => onChange({ ...c, retries: whole(e.target.value, 0) })}
        error={errors.retries}
        hint="Then the flow follows the No slot branch (as it does when no time is open)."
      />
      <TemplateTextarea
        label="When someone took the time first, reply"
        rows={2}
        value={c.takenMessage}
        onChange={(takenMessage) => onChange({ ...c, takenMessage })}
        error={errors.takenMessage}
        maxLength={640}
      />
      <DurationField
        label="Time out after"
        value={c.timeout}
        onChange={(timeout) => onChange({ ...c, timeout })}
        error={errors['timeout.amount'] ?? errors.timeout}
        hint="No pick by then follows Timeout."
      />
      <TemplateTextarea
        label="Confirmation"
        rows={3}
        value={c.confirmation}
        onChange={(confirmation) => onChange({ ...c, confirmation })}
        error={errors.confirmation}
        maxLength={1000}
      />
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        {'{booking_time}'}, {'{booking_zone}'} and {'{booking_link}'} (the calendar file) fill in the confirmation. Times come from your{' '}
        <Link to="/bookings" className="font-medium text-blue-600 underline dark:text-blue-400">
          availability
        </Link>{' '}
        and two people can never book the same time. While a booking is upcoming, a reply of “cancel” cancels it and “reschedule” offers times again.
      </p>
    </div>
  );
}
