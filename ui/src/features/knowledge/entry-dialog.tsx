import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import type { KnowledgeEntry, KnowledgeKind } from '@contracts/knowledge';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { draftFromEntry, draftToBody, draftVisibility, emptyDraft, type EntryDraft } from './entry-draft';
import { EntryFields } from './entry-fields';
import { addableKinds, kindMeta } from './kind-meta';
import { useSaveKnowledgeEntry } from './use-knowledge';
import { VisibilityField } from './visibility';

interface EntryDialogProps {
  /** The entry to edit, or null to add one. */
  entry: KnowledgeEntry | null;
  /** The kind a new entry starts as (the tab the person is on). */
  initialKind: KnowledgeKind;
  onClose: () => void;
}

/** Add or edit one entry; mounted only while open, so each opening starts from a fresh draft. */
export function EntryDialog({ entry, initialKind, onClose }: EntryDialogProps) {
  const editing = entry !== null;
  const [kind, setKind] = useState<KnowledgeKind>(entry?.kind ?? (initialKind === 'page' ? 'faq' : initialKind));
  const [draft, setDraft] = useState<EntryDraft>(entry ? draftFromEntry(entry) : emptyDraft);
  const [priceError, setPriceError] = useState<string>();
  const save = useSaveKnowledgeEntry();
  const { toast } = useToast();

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = draftToBody(kind, draft, editing);
    if ('priceError' in result) return setPriceError(result.priceError);
    setPriceError(undefined);
    save.mutate(
      { id: entry?.id ?? null, body: result.body },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Entry updated' : 'Entry added', variant: 'success' });
          onClose();
        },
      },
    );
  }

  const title = editing ? `Edit ${kindMeta[kind].label.toLowerCase()}` : 'Add to your knowledge base';
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
            <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">{title}</DialogTitle>
            <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
              {!editing && (
                <SelectField
                  label="Kind"
                  value={kind}
                  onChange={(e) => setKind(addableKinds.find((k) => k === e.target.value) ?? kind)}
                  options={addableKinds.map((k) => ({ value: k, label: kindMeta[k].label }))}
                />
              )}
              <EntryFields kind={kind} draft={draft} onChange={(p) => setDraft((d) => ({ ...d, ...p }))} priceError={priceError} editing={editing} />
              <VisibilityField value={draftVisibility(kind, draft)} onChange={(visibility) => setDraft((d) => ({ ...d, visibility }))} />
              {save.error && (
                <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">
                  {errorMessage(save.error, 'The entry could not be saved.')}
                </p>
              )}
              <div className="flex justify-end gap-2 pt-2">
                <Button variant="outline" onClick={onClose} disabled={save.isPending}>
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {editing ? 'Save changes' : 'Add entry'}
                </Button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
