import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { buttonClasses } from '../../components/button.styles';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';
import { normaliseTags } from './inbox.helpers';

interface TagPopoverProps {
  tags: string[];
  onSave: (tags: string[]) => void;
  pending: boolean;
}

/** The header's Tag button: add or remove the conversation's tags. */
export function TagPopover({ tags, onSave, pending }: TagPopoverProps) {
  const [draft, setDraft] = useState('');

  function add() {
    const next = normaliseTags([...tags, ...draft.split(',')]);
    setDraft('');
    if (next.length !== tags.length) onSave(next);
  }

  return (
    <Popover className="relative">
      <PopoverButton className={buttonClasses('outline', 'sm')}>
        <Icon name="layers" size={16} /> Tag
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <p className="text-sm font-medium text-slate-900 dark:text-white">Tags</p>
        {tags.length === 0 ? (
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">No tags yet.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2 text-xs font-medium text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
              >
                #{tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  disabled={pending}
                  onClick={() => onSave(tags.filter((t) => t !== tag))}
                  className="rounded-full p-0.5 hover:bg-indigo-100 dark:hover:bg-indigo-500/25"
                >
                  <Icon name="x" size={12} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="mt-3 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <label htmlFor="new-tag" className="sr-only">
            New tag
          </label>
          <input
            id="new-tag"
            value={draft}
            maxLength={40}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="e.g. vip"
            className={inputClasses(false, 'h-8 py-1')}
          />
          <Button type="submit" size="sm" disabled={!draft.trim()} loading={pending}>
            Add
          </Button>
        </form>
      </PopoverPanel>
    </Popover>
  );
}
