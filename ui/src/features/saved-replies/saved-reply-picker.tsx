import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import type { SlashPicker } from './use-slash-picker';

export const pickerListId = 'saved-reply-picker';
export const pickerOptionId = (index: number) => `saved-reply-option-${index}`;

interface SavedReplyPickerProps {
  picker: SlashPicker;
  /** Opens the saved replies manager (the empty list offers it). */
  onManage?: () => void;
}

/** The list the `/` shortcut opens above the reply box (a listbox the textarea controls). */
export function SavedReplyPicker({ picker, onManage }: SavedReplyPickerProps) {
  if (!picker.open) return null;
  return (
    <div className="absolute inset-x-3 bottom-full z-20 mb-1 max-h-64 overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900">
      <p className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 py-1.5 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        <span>Saved replies</span>
        <span className="hidden sm:inline">↑↓ to move · Enter to insert · Esc to close</span>
      </p>
      {picker.isPending ? (
        <p className="flex items-center gap-2 p-3 text-sm text-slate-500 dark:text-slate-400">
          <Spinner size={14} /> Loading saved replies...
        </p>
      ) : picker.error ? (
        <p role="alert" className="p-3 text-sm text-red-600 dark:text-red-400">
          Couldn't load saved replies.
        </p>
      ) : picker.items.length === 0 ? (
        <div className="p-3 text-sm text-slate-600 dark:text-slate-300">
          <p>No saved reply matches.</p>
          {onManage && (
            <button type="button" onClick={onManage} className="mt-1 font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              Manage saved replies
            </button>
          )}
        </div>
      ) : (
        <ul id={pickerListId} role="listbox" aria-label="Saved replies">
          {picker.items.map((reply, i) => (
            <li
              key={reply.id}
              id={pickerOptionId(i)}
              role="option"
              aria-selected={i === picker.active}
              // mousedown, not click: the textarea keeps focus
              onMouseDown={(e) => {
                e.preventDefault();
                picker.insert(reply);
              }}
              onMouseEnter={() => picker.setActive(i)}
              className={cn('cursor-pointer px-3 py-2', i === picker.active ? 'bg-indigo-50 dark:bg-indigo-500/15' : '')}
            >
              <p className="text-sm font-medium text-slate-900 dark:text-white">/{reply.name}</p>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">{reply.content}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
