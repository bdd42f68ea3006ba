import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type ReactNode } from 'react';
import { Button } from './button';

interface ShownOnceSecretDialogProps {
  title: string;
  /** Why it is shown only now, and what it is for. */
  children: ReactNode;
  secret: string;
  /** The secret's element, for tests. */
  testId: string;
  /** A line under the secret (the key's scopes, the endpoint's URL). */
  footnote: string;
  onClose: () => void;
}

/** A secret the server answers once (an API key, a webhook signing secret): shown with Copy, never again. */
export function ShownOnceSecretDialog({ title, children, secret, testId, footnote, onClose }: ShownOnceSecretDialogProps) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">{title}</DialogTitle>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{children}</p>
          <code
            data-testid={testId}
            className="mt-4 block rounded-lg bg-slate-100 p-3 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-white"
          >
            {secret}
          </code>
          <p className="mt-2 text-xs break-all text-slate-500 dark:text-slate-400">{footnote}</p>
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
            <Button onClick={onClose}>Done</Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
