import { Dialog, DialogPanel, DialogTitle, Radio, RadioGroup } from '@headlessui/react';
import { useState } from 'react';
import type { Flow, RunSummary } from '@contracts/flows';
import { Button } from '../../../components/button';
import { PlatformIcon } from '../../../components/platform-icon';
import { Spinner } from '../../../components/spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useStartTestRun, useTestContacts } from '../use-flows';

interface TestRunDialogProps {
  flow: Flow;
  open: boolean;
  /** Unsaved edits are not part of the published version a test runs. */
  dirty: boolean;
  onClose: () => void;
  onStarted: (run: RunSummary) => void;
}

/** Pick a sandbox contact and run the published flow for them now. */
export function TestRunDialog({ flow, open, dirty, onClose, onStarted }: TestRunDialogProps) {
  const contacts = useTestContacts(flow.id, open);
  const start = useStartTestRun(flow.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const contactId = chosen ?? contacts.data?.[0]?.id ?? null;
  const neverPublished = flow.publishedVersion === null;
  const startError =
    start.error instanceof ApiError && start.error.status === 409
      ? 'Start the flow once first: test runs use the published version.'
      : start.error
        ? errorMessage(start.error, 'The test run could not start.')
        : null;

  function close() {
    start.reset();
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">Test run</DialogTitle>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {neverPublished
              ? 'Start the flow once first: a test run uses the published version.'
              : `Runs version ${flow.publishedVersion} now for a sandbox contact, skipping the trigger. Its messages appear in the Simulator.`}
          </p>
          {dirty && !neverPublished && <p className="mt-2 text-xs text-amber-700 dark:text-amber-400">Your unsaved edits are not part of this run.</p>}
          <div className="mt-4">
            {contacts.isPending ? (
              <p className="flex items-center gap-2 text-sm text-slate-500">
                <Spinner size={16} /> Loading sandbox contacts...
              </p>
            ) : contacts.isError ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {errorMessage(contacts.error, 'Could not load the sandbox contacts.')}
              </p>
            ) : contacts.data.length === 0 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">No sandbox contacts yet: message the sandbox account from the Simulator first.</p>
            ) : (
              <RadioGroup value={contactId} onChange={setChosen} aria-label="Sandbox contact" className="max-h-64 space-y-1.5 overflow-y-auto">
                {contacts.data.map((c) => (
                  <Radio
                    key={c.id}
                    value={c.id}
                    className={({ checked }) =>
                      cn(
                        'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-indigo-500/40',
                        checked
                          ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/10'
                          : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
                      )
                    }
                  >
                    <PlatformIcon platform={c.platform} size={24} />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">{c.name}</span>
                      {c.username && <span className="block truncate text-xs text-slate-500 dark:text-slate-400">@{c.username}</span>}
                    </span>
                  </Radio>
                ))}
              </RadioGroup>
            )}
          </div>
          {startError && (
            <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
              {startError}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={close}>
              Close
            </Button>
            <Button
              disabled={!contactId || neverPublished}
              loading={start.isPending}
              onClick={() => contactId && start.mutate(contactId, { onSuccess: (run) => onStarted(run) })}
            >
              Start test run
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
