import { planOf } from '@contracts/plans';
import { flowTemplates, knowledgeQuestions, tones } from '../onboarding.data';
import { StepHeading } from './step-heading';
import type { StepProps } from './step-props';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-3 text-sm">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

function connectedLabel(platform: string): string {
  if (platform === 'instagram') return 'Instagram';
  if (platform === 'facebook') return 'Facebook Messenger';
  if (platform === 'sandbox') return 'Sandbox accounts';
  if (platform === 'manual_setup') return 'Set up later';
  return 'Not connected yet';
}

export function ReviewStep({ state }: Pick<StepProps, 'state'>) {
  const answered = knowledgeQuestions.filter((q) => state.kbAnswers[q.id]?.trim()).length;
  return (
    <div>
      <StepHeading title="Review your setup" description="Check everything, then launch." />
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4 dark:divide-slate-800 dark:border-slate-800">
        <Row label="Plan you want" value={planOf(state.selectedPlan).name} />
        <Row label="Connected account" value={connectedLabel(state.connectedPlatform)} />
        <Row label="Business" value={state.businessName || '—'} />
        <Row label="Website" value={state.noWebsite ? 'None' : state.websiteUrl || '—'} />
        {state.noWebsite && state.websiteUrl && <Row label="Link to share" value={state.websiteUrl} />}
        <Row
          label="Found on your site"
          value={state.scannedData ? `${state.scannedData.offers.length} offers, ${state.scannedData.testimonials.length} testimonials` : '—'}
        />
        <Row label="Knowledge base" value={`${answered} of ${knowledgeQuestions.length} answered`} />
        <Row label="Flow template" value={flowTemplates.find((t) => t.id === state.flowTemplate)?.name ?? '—'} />
        <Row label="Tone" value={tones.find((t) => t.id === state.tone)?.name ?? state.tone} />
      </dl>
      <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
        Launch saves your answers to the knowledge base, sets your tone and creates the template as a draft flow you can review before starting it.
      </p>
    </div>
  );
}
