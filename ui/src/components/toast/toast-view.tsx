import { cn } from '../../lib/cn';
import { Icon } from '../icon';
import type { ToastInput } from './toast.context';

interface ToastViewProps {
  toast: ToastInput;
  onDismiss: () => void;
}

export function ToastView({ toast, onDismiss }: ToastViewProps) {
  const variant = toast.variant ?? 'default';
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex w-full max-w-[420px] animate-slide-down items-start gap-3 rounded-xl border p-4 pr-3 shadow-lg',
        variant === 'destructive'
          ? 'border-red-600 bg-red-600 text-white'
          : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
      )}
    >
      {variant === 'success' && <Icon name="check-circle" className="mt-0.5 shrink-0 text-emerald-500" />}
      {variant === 'destructive' && <Icon name="alert" className="mt-0.5 shrink-0" />}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && (
          <p className={cn('mt-1 text-sm', variant === 'destructive' ? 'text-red-50' : 'text-slate-600 dark:text-slate-400')}>{toast.description}</p>
        )}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className={cn('shrink-0 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current')}
      >
        <Icon name="x" size={16} />
      </button>
    </div>
  );
}
