import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Button } from '../../components/button';

/**
 * Asked before retrying sends that may already have been delivered (F23): uncertain sends the
 * platform did not show absent. `risky` of the `total` selected; retrying may send those twice.
 */
export function RetryRiskDialog({ risky, total, onRetry, onClose }: { risky: number; total: number; onRetry: () => void; onClose: () => void }) {
  const one = risky === 1;
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          role="alertdialog"
          className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">
            {total === 1 ? 'This message may already have been delivered' : `${risky} of these messages may already have been delivered`}
          </DialogTitle>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            {total === 1
              ? 'This message may already have been delivered; retrying may send it twice.'
              : `${risky} of the ${total} selected messages may already have been delivered; retrying may send ${one ? 'it' : 'them'} twice.`}{' '}
            The platform could not confirm whether {one ? 'it' : 'they'} arrived (or has not been asked yet), so the person may get the same message again.
          </p>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={onRetry}>Retry anyway</Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
