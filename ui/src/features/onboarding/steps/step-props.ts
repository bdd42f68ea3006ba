import type { OnboardingState } from '../onboarding.data';

export interface StepProps {
  state: OnboardingState;
  update: (patch: Partial<OnboardingState>) => void;
}
