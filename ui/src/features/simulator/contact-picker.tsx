import { useId } from 'react';
import { Avatar } from '../../components/avatar';
import { inputClasses } from '../../components/input.styles';
import { TextField } from '../../components/text-field';
import type { SimContact } from './simulator.api';
import { contactFromName } from './simulator.helpers';

const NEW = '__new__';

interface ContactPickerProps {
  contacts: SimContact[];
  /** externalUserId of the chosen contact, or null while typing a new one. */
  selectedId: string | null;
  newName: string;
  onSelect: (externalUserId: string | null) => void;
  onNewName: (name: string) => void;
  /** externalUserIds of the contacts who opted out on the chosen account. */
  optedOut: ReadonlySet<string>;
}

/** Who you pretend to be: a sample contact, or a new one from a typed name. */
export function ContactPicker({ contacts, selectedId, newName, onSelect, onNewName, optedOut }: ContactPickerProps) {
  const id = useId();
  const creating = selectedId === null;
  const preview = contactFromName(newName);
  const current = contacts.find((c) => c.externalUserId === selectedId);
  const [first, ...rest] = (current?.name ?? newName).trim().split(/\s+/);

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <span className="hidden sm:block">
          <Avatar firstName={first} lastName={rest.at(-1)} size={40} />
        </span>
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
            Act as contact
          </label>
          <select
            id={id}
            value={creating ? NEW : (selectedId ?? NEW)}
            onChange={(e) => onSelect(e.target.value === NEW ? null : e.target.value)}
            className={inputClasses(false, 'pr-8')}
          >
            {contacts.map((c) => (
              <option key={c.externalUserId} value={c.externalUserId}>
                {c.name} (@{c.username}){optedOut.has(c.externalUserId) ? ' · opted out' : ''}
              </option>
            ))}
            <option value={NEW}>+ New contact…</option>
          </select>
        </div>
        {creating && (
          <TextField
            className="min-w-0 flex-1"
            label="New contact's name"
            value={newName}
            maxLength={100}
            onChange={(e) => onNewName(e.target.value)}
            placeholder="e.g. Maya Patel"
            hint={newName.trim() ? `Will comment as @${preview.username}` : 'Type a name to create a fake contact.'}
          />
        )}
      </div>
      {current && optedOut.has(current.externalUserId) && (
        <p
          role="status"
          data-testid="sim-opted-out"
          className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-800 dark:bg-amber-500/10 dark:text-amber-300"
        >
          @{current.username} opted out on this account: nothing automated is sent to them until they DM START.
        </p>
      )}
    </div>
  );
}
