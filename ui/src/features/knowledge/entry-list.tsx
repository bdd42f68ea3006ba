import { useState } from 'react';
import type { KnowledgeEntry } from '@contracts/knowledge';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { ConfirmDialog } from '../flows/confirm-dialog';
import { EntryCard } from './entry-card';
import { useDeleteKnowledgeEntry, useSaveKnowledgeEntry } from './use-knowledge';

interface EntryListProps {
  entries: KnowledgeEntry[];
  onEdit: (entry: KnowledgeEntry) => void;
}

/** The entries of the current tab and search, each deletable after a confirmation, each made public or internal in one click. */
export function EntryList({ entries, onEdit }: EntryListProps) {
  const [deleting, setDeleting] = useState<KnowledgeEntry | null>(null);
  const remove = useDeleteKnowledgeEntry();
  const save = useSaveKnowledgeEntry();
  const { toast } = useToast();

  function toggleVisibility(entry: KnowledgeEntry) {
    const visibility = entry.visibility === 'public' ? 'internal' : 'public';
    save.mutate(
      { id: entry.id, body: { visibility } },
      {
        onSuccess: () =>
          toast({
            title: visibility === 'public' ? 'Made public' : 'Made internal',
            description: visibility === 'public' ? `“${entry.title}” can now be sent to customers.` : `“${entry.title}” now only answers you and your team.`,
            variant: 'success',
          }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'The entry could not be changed.'), variant: 'destructive' }),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: 'Entry deleted', variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'The entry could not be deleted.'), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <>
      <ul className="space-y-3">
        {entries.map((e) => (
          <EntryCard
            key={e.id}
            entry={e}
            onEdit={() => onEdit(e)}
            onDelete={() => setDeleting(e)}
            onToggleVisibility={() => toggleVisibility(e)}
            togglePending={save.isPending && save.variables.id === e.id}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this entry?"
        description={
          <>
            <span className="font-medium text-slate-900 dark:text-white">{deleting?.title}</span> will be removed from your knowledge base, and the AI assistant
            will no longer answer from it.
          </>
        }
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
