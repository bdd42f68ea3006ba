import { Icon } from '../../components/icon';
import type { SimulatorPrefill } from './simulator-prefill';

/** "Try it" from a flow: which flow, the message that starts it (already typed below), and where the answer shows. */
export function TryItBanner({ prefill }: { prefill: SimulatorPrefill }) {
  const what = prefill.channel === 'comment' ? 'comment' : prefill.storyReply ? 'story reply' : 'DM';
  return (
    <div
      role="status"
      data-testid="try-it-banner"
      className="rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-950 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100"
    >
      <p className="flex gap-3">
        <Icon name="zap" size={18} className="mt-0.5 shrink-0 text-indigo-600 dark:text-indigo-300" />
        <span>
          <span className="font-semibold">Try {prefill.flowName ? `“${prefill.flowName}”` : 'your flow'}:</span> the {what} below is ready, with its keyword “
          {prefill.text}”. Press {prefill.channel === 'comment' ? 'Comment' : 'Send DM'} to send it as a pretend customer, then watch the reply arrive here and
          in the Inbox.
        </span>
      </p>
    </div>
  );
}
