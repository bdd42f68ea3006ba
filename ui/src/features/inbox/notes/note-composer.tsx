import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Message } from '@contracts/inbox';
import { Button } from '../../../components/button';
import { useToast } from '../../../components/toast/use-toast';
import { apiPost, errorMessage } from '../../../lib/api';
import { inboxKeys } from '../inbox.keys';
import type { TypingNotifier } from '../typing/use-typing';

const addNote = (conversationId: string, content: string) =>
  apiPost<{ note: Message; mentioned: string[] }>(`/api/conversations/${encodeURIComponent(conversationId)}/notes`, { content });

/** Writes an internal note (POST /api/conversations/:id/notes): never sent; `@name` notifies that teammate. */
export function NoteComposer({ conversationId, typing }: { conversationId: string; typing?: TypingNotifier }) {
  const [text, setText] = useState('');
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () => addNote(conversationId, text),
    onSuccess: ({ mentioned }) => {
      setText('');
      typing?.stopped();
      void queryClient.invalidateQueries({ queryKey: inboxKeys.messages(conversationId) });
      toast({
        title: mentioned.length ? `Note added, ${mentioned.length} teammate${mentioned.length === 1 ? '' : 's'} notified` : 'Note added',
        variant: 'success',
      });
    },
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not add the note'), variant: 'destructive' }),
  });
  return (
    <form
      className="flex items-end gap-2 bg-amber-50/60 px-4 py-3 dark:bg-amber-950/20"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) add.mutate();
      }}
    >
      <label htmlFor="note-text" className="sr-only">
        Internal note
      </label>
      <textarea
        id="note-text"
        rows={2}
        value={text}
        maxLength={2000}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim()) typing?.typed();
          else typing?.stopped();
        }}
        placeholder="Only your team sees notes; @name notifies a teammate"
        className="min-h-[44px] flex-1 resize-none rounded-lg border border-amber-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-amber-700/60 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400"
      />
      <Button type="submit" size="sm" disabled={!text.trim()} loading={add.isPending}>
        Add note
      </Button>
    </form>
  );
}

/** Reply to the contact, or write a note for the team: the switch above the thread's composer. */
export function ComposerModeSwitch({ mode, onChange }: { mode: 'reply' | 'note'; onChange: (mode: 'reply' | 'note') => void }) {
  const option = (value: 'reply' | 'note', label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => onChange(value)}
      className={
        mode === value
          ? 'rounded-md bg-white px-2 py-0.5 text-xs font-medium text-slate-900 shadow-sm dark:bg-slate-900 dark:text-white'
          : 'rounded-md px-2 py-0.5 text-xs font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
      }
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Composer" className="flex gap-1 border-t border-slate-200 px-4 pt-2 dark:border-slate-800">
      <div className="flex gap-1 rounded-lg bg-slate-100 p-0.5 dark:bg-slate-800">
        {option('reply', 'Reply')}
        {option('note', 'Internal note')}
      </div>
    </div>
  );
}
