import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ONBOARDING_LAST_STEP, type OnboardingAnswers } from '@contracts/onboarding';
import { CURRENT_USER_KEY } from '../auth/current-user.query';
import { fetchOnboarding, saveOnboarding } from './onboarding.api';

const SAVE_AFTER_TYPING_MS = 600;

interface Progress {
  step: number;
  answers: OnboardingAnswers;
}

/**
 * The wizard's step and answers, loaded from the server and saved back as the user goes: at once
 * on every step change, and shortly after typing stops, so a reload or a new sign-in resumes here.
 */
export function useOnboardingProgress() {
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: ['onboarding'], queryFn: fetchOnboarding, staleTime: Infinity });
  // Local edits win over what was loaded; until the first edit, the loaded state is shown.
  const [local, setLocal] = useState<Progress | null>(null);
  const latest = useRef<Progress | null>(null);
  const typingTimer = useRef<number | undefined>(undefined);
  const current = local ?? (loaded.data ? { step: loaded.data.step, answers: loaded.data.answers } : null);

  const save = useMutation({
    mutationFn: (p: Progress) => saveOnboarding(Math.min(p.step, ONBOARDING_LAST_STEP), p.answers),
    // The plan is the user's subscription tier: the shell and dashboard show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
  const { mutate } = save;

  const saveNow = useCallback(() => {
    window.clearTimeout(typingTimer.current);
    if (latest.current) mutate(latest.current);
  }, [mutate]);

  /** The ref is the source of truth, so a save right after a change (Continue) includes it. */
  const change = useCallback(
    (fn: (p: Progress) => Progress) => {
      const base = latest.current ?? (loaded.data ? { step: loaded.data.step, answers: loaded.data.answers } : null);
      if (!base) return null;
      latest.current = fn(base);
      setLocal(latest.current);
      return latest.current;
    },
    [loaded.data],
  );

  const update = useCallback(
    (patch: Partial<OnboardingAnswers>) => {
      if (!change((p) => ({ ...p, answers: { ...p.answers, ...patch } }))) return;
      window.clearTimeout(typingTimer.current);
      typingTimer.current = window.setTimeout(saveNow, SAVE_AFTER_TYPING_MS);
    },
    [change, saveNow],
  );

  const setStep = useCallback(
    (step: number, persist = true) => {
      if (change((p) => ({ ...p, step })) && persist) saveNow();
    },
    [change, saveNow],
  );

  useEffect(() => () => window.clearTimeout(typingTimer.current), []);

  return { isLoading: loaded.isPending, step: current?.step ?? null, answers: current?.answers ?? null, update, setStep, saveNow };
}
