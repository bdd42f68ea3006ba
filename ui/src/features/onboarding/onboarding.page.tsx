import { useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { useCurrentUser } from '../auth/use-current-user';
import { initialOnboardingState, ONBOARDING_STEPS, type OnboardingState } from './onboarding.data';
import { OnboardingProgress } from './onboarding-progress';
import { CelebrateStep } from './steps/celebrate-step';
import { ConnectStep } from './steps/connect-step';
import { KnowledgeStep } from './steps/knowledge-step';
import { PlanStep } from './steps/plan-step';
import { ReviewStep } from './steps/review-step';
import { ScanStep } from './steps/scan-step';
import { TemplateStep } from './steps/template-step';
import { ToneStep } from './steps/tone-step';
import { WelcomeStep } from './steps/welcome-step';

const REVIEW = ONBOARDING_STEPS.indexOf('Review Summary');
const CELEBRATE = ONBOARDING_STEPS.indexOf('Celebrate');

/** docs/product-spec.md §2 nine-step wizard, one step forward or back at a time. */
export function OnboardingPage() {
  const { user } = useCurrentUser();
  const [step, setStep] = useState(0);
  const [state, setState] = useState<OnboardingState>(initialOnboardingState);
  const update = (patch: Partial<OnboardingState>) => setState((prev) => ({ ...prev, ...patch }));
  const next = () => setStep((s) => Math.min(s + 1, CELEBRATE));
  const back = () => setStep((s) => Math.max(s - 1, 0));

  const canContinue =
    (step !== 3 || state.businessName.trim().length > 0) && (step !== 5 || state.flowTemplate !== '');

  const body = [
    <WelcomeStep key="welcome" onStart={next} firstName={user?.firstName} />,
    <PlanStep key="plan" state={state} update={update} />,
    <ConnectStep key="connect" />,
    <ScanStep key="scan" state={state} update={update} />,
    <KnowledgeStep key="kb" state={state} update={update} />,
    <TemplateStep key="template" state={state} update={update} />,
    <ToneStep key="tone" state={state} update={update} />,
    <ReviewStep key="review" state={state} />,
    <CelebrateStep key="celebrate" />,
  ][step];

  const showNav = step > 0 && step < CELEBRATE;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {step > 0 && step < CELEBRATE && (
        <div className="mb-6">
          <OnboardingProgress step={step} />
        </div>
      )}
      <Card className="p-6 sm:p-8">
        {body}
        {showNav && (
          <div className="mt-8 flex items-center justify-between border-t border-slate-100 pt-6 dark:border-slate-800">
            <Button variant="ghost" onClick={back}>
              <Icon name="arrow-left" size={16} /> Back
            </Button>
            {step === REVIEW ? (
              <Button onClick={next}>
                <Icon name="rocket" size={16} /> Launch
              </Button>
            ) : (
              <Button onClick={next} disabled={!canContinue}>
                {step === 2 ? 'Skip for now' : 'Continue'} <Icon name="arrow-right" size={16} />
              </Button>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
