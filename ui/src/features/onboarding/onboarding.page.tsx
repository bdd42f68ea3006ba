import { useState } from 'react';
import { Card } from '../../components/card';
import { Spinner } from '../../components/spinner';
import { useCurrentUser } from '../auth/use-current-user';
import { ONBOARDING_STEPS } from './onboarding.data';
import { OnboardingNav } from './onboarding-nav';
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
import { useLaunch, useSaveKnowledgeAnswers } from './use-launch';
import { useOnboardingProgress } from './use-onboarding-progress';

const CONNECT = ONBOARDING_STEPS.indexOf('Connect Account');
const SCAN = ONBOARDING_STEPS.indexOf('Site Scan Preview');
const KNOWLEDGE = ONBOARDING_STEPS.indexOf('Knowledge Builder');
const TEMPLATE = ONBOARDING_STEPS.indexOf('Choose Flow Template');
const REVIEW = ONBOARDING_STEPS.indexOf('Review Summary');
const CELEBRATE = ONBOARDING_STEPS.indexOf('Celebrate');

/** docs/product-spec.md §2 nine-step wizard, one step forward or back at a time, saved as the user goes. */
export function OnboardingPage() {
  const { user } = useCurrentUser();
  const progress = useOnboardingProgress();
  const [flowId, setFlowId] = useState<string | null>(null);
  const saveKnowledge = useSaveKnowledgeAnswers();
  const launch = useLaunch((id) => {
    setFlowId(id);
    progress.setStep(CELEBRATE, false);
  });
  const { step, answers: state, update, setStep } = progress;

  if (progress.isLoading || step === null || state === null) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size={28} className="text-indigo-600" label="Loading your setup" />
      </div>
    );
  }

  const next = () => {
    if (step === KNOWLEDGE) {
      saveKnowledge.mutate(state.kbAnswers, { onSuccess: () => setStep(step + 1) });
      return;
    }
    if (step === REVIEW) {
      launch.mutate(state);
      return;
    }
    setStep(Math.min(step + 1, REVIEW));
  };
  const back = () => setStep(Math.max(step - 1, 0));

  // The scan is never required (a creator may have no website, a server no internet): Skip for now.
  const blocked = step === TEMPLATE && !state.flowTemplate ? 'Choose a template to continue.' : undefined;
  const skippable = (step === CONNECT && !state.connectedPlatform) || (step === SCAN && !state.scannedData && !state.noWebsite);

  const body = [
    <WelcomeStep key="welcome" onStart={() => setStep(1)} firstName={user?.firstName} />,
    <PlanStep key="plan" state={state} update={update} />,
    <ConnectStep key="connect" state={state} update={update} beforeLeave={progress.saveNow} />,
    <ScanStep key="scan" state={state} update={update} />,
    <KnowledgeStep key="kb" state={state} update={update} />,
    <TemplateStep key="template" state={state} update={update} />,
    <ToneStep key="tone" state={state} update={update} />,
    <ReviewStep key="review" state={state} />,
    <CelebrateStep key="celebrate" flowId={flowId} />,
  ][step];

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {step > 0 && step < CELEBRATE && (
        <div className="mb-6">
          <OnboardingProgress step={step} />
        </div>
      )}
      <Card className="p-5 sm:p-8">
        {body}
        {step > 0 && step < CELEBRATE && (
          <OnboardingNav
            onBack={back}
            onNext={next}
            nextLabel={step === REVIEW ? 'Launch' : skippable ? 'Skip for now' : 'Continue'}
            canContinue={blocked === undefined}
            hint={blocked}
            pending={saveKnowledge.isPending || launch.isPending}
            launch={step === REVIEW}
          />
        )}
      </Card>
    </div>
  );
}
