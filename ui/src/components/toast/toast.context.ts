import { createContext } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it hides itself; defaults to 5000. */
  durationMs?: number;
}

export interface ToastContextValue {
  toast: (input: ToastInput) => void;
  dismiss: () => void;
}

export const ToastContext = createContext<ToastContextValue | null>(null);
