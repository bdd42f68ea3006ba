import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { SavedReply } from '@contracts/saved-replies';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { SavedReplyForm } from './saved-reply-form';
import { useDeleteSavedReply, useSavedReplies } from './use-saved-replies';

/** Manage the workspace's saved replies: list, add, edit, delete. */
export function SavedRepliesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const replies = useSavedReplies(open);
  const remove = useDeleteSavedReply();
  const { toast } = useToast();
  // null: the list; 'new': the add form; a reply: its edit form.
  const [form, setForm] = useState<SavedReply | 'new' | null>(null);

  function close() {
    setForm(null);
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="flex max-h-[85dvh] w-full max-w-lg flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <div className="flex items-start justify-between gap-3">
            <div>
              <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">Saved replies</DialogTitle>
              <Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Answers you send often. Type <kbd className="rounded border border-slate-300 px-1 dark:border-slate-600">/</kbd> in the reply box to insert one.
              </Description>
            </div>
            <button type="button" onClick={close} aria-label="Close" className="rounded-lg p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800">
              <Icon name="x" size={18} />
            </button>
          </div>
          <div className="mt-4 min-h-0 flex-1 overflow-y-auto">
            {form ? (
              <SavedReplyForm key={form === 'new' ? 'new' : form.id} editing={form === 'new' ? null : form} onDone={() => setForm(null)} />
            ) : replies.isPending ? (
              <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
                <Spinner size={14} /> Loading...
              </p>
            ) : replies.error ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {errorMessage(replies.error, "Couldn't load saved replies")}
              </p>
            ) : replies.data.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No saved replies yet.</p>
            ) : (
              <ul aria-label="Saved replies list" className="divide-y divide-slate-100 dark:divide-slate-800">
                {replies.data.map((r) => (
                  <li key={r.id} className="flex items-start gap-3 py-2.5">
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-medium text-slate-900 dark:text-white">/{r.name}</p>
                      <p className="line-clamp-2 text-xs break-words text-slate-500 dark:text-slate-400">{r.content}</p>
                    </div>
                    <Button variant="ghost" size="sm" aria-label={`Edit /${r.name}`} onClick={() => setForm(r)}>
                      <Icon name="pencil" size={14} />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete /${r.name}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(r.id, {
                          onSuccess: () => toast({ title: 'Saved reply deleted', variant: 'success' }),
                          onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to delete'), variant: 'destructive' }),
                        })
                      }
                    >
                      <Icon name="trash" size={14} />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {!form && (
            <div className="mt-4 flex justify-end">
              <Button onClick={() => setForm('new')}>
                <Icon name="plus" size={16} /> New saved reply
              </Button>
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
