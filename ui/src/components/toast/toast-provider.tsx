import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastInput } from './toast.context';
import { ToastView } from './toast-view';

interface ActiveToast extends ToastInput {
  id: number;
}

/** docs/product-spec.md §9: one toast at a time — a new toast replaces the one on screen. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const nextId = useRef(1);
  const timer = useRef<number | undefined>(undefined);

  const dismiss = useCallback(() => {
    window.clearTimeout(timer.current);
    setCurrent(null);
  }, []);

  const toast = useCallback((input: ToastInput) => {
    window.clearTimeout(timer.current);
    const id = nextId.current++;
    setCurrent({ ...input, id });
    timer.current = window.setTimeout(() => {
      setCurrent((active) => (active?.id === id ? null : active));
    }, input.durationMs ?? 5000);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {/*
        Top centre, over the top bar, on every screen size: primary actions sit at the bottom of a
        wizard (onboarding's Continue), on the right of a page header (Save, Add Lead) or in the page
        body, never at the top centre, so a toast never covers one (tests/e2e/toasts.e2e.test.ts checks).
      */}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex flex-col items-center p-2 sm:p-3">
        {current && <ToastView key={current.id} toast={current} onDismiss={dismiss} />}
      </div>
    </ToastContext.Provider>
  );
}
