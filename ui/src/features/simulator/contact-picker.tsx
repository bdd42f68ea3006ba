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
}

/** Who you pretend to be: a sample contact, or a new one from a typed name. */
export function ContactPicker({ contacts, selectedId, newName, onSelect, onNewName }: ContactPickerProps) {
  const id = useId();
  const creating = selectedId === null;
  const preview = contactFromName(newName);
  const current = contacts.find((c) => c.externalUserId === selectedId);
  const [first, ...rest] = (current?.name ?? newName).trim().split(/\s+/);

  return (
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
              {c.name} (@{c.username})
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
  );
}
