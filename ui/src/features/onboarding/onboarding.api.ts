import type { CompleteOnboardingResult, OnboardingAnswers, OnboardingState } from '@contracts/onboarding';
import type { ProfileQuestionId } from '@contracts/knowledge';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

export const fetchOnboarding = () => apiGet<OnboardingState>('/api/onboarding');
export const saveOnboarding = (step: number, answers: OnboardingAnswers) => apiRequest<OnboardingState>('PUT', '/api/onboarding', { step, answers });
export const completeOnboarding = (answers: OnboardingAnswers) => apiPost<CompleteOnboardingResult>('/api/onboarding/complete', answers);
export const saveProfileAnswer = (questionId: ProfileQuestionId, answer: string) =>
  apiRequest<unknown>('PUT', `/api/knowledge/profile/${questionId}`, { answer, source: 'onboarding' });
