import type { ConversationStatus } from '@contracts/inbox';
import type { Platform } from '@contracts/platforms';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';
import { SelectField } from '../../components/select-field';
import type { ConversationFilters as Filters } from './inbox.api';

const platformOptions = [
  { value: 'all', label: 'All' },
  { value: 'instagram', label: 'Instagram' },
  { value: 'facebook', label: 'Facebook' },
  { value: 'twitter', label: 'Twitter' },
];
const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'pending', label: 'Pending' },
  { value: 'closed', label: 'Closed' },
];

interface ConversationFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
  /** Conversation Manager keeps only the search box. */
  searchOnly?: boolean;
}

export function ConversationFilters({ value, onChange, searchOnly }: ConversationFiltersProps) {
  return (
    <div className="space-y-2 border-b border-slate-200 p-3 dark:border-slate-800">
      <label htmlFor="conversation-search" className="sr-only">
        Search conversations
      </label>
      <div className="relative">
        <Icon name="search" size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
        <input
          id="conversation-search"
          type="search"
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
          placeholder="Search conversations..."
          autoComplete="off"
          className={inputClasses(false, 'pl-9')}
        />
      </div>
      {!searchOnly && (
        <div className="grid grid-cols-2 gap-2">
          <SelectField
            label="Platform"
            compact
            options={platformOptions}
            value={value.platform}
            onChange={(e) => onChange({ ...value, platform: e.target.value as Platform | 'all' })}
          />
          <SelectField
            label="Status"
            compact
            options={statusOptions}
            value={value.status}
            onChange={(e) => onChange({ ...value, status: e.target.value as ConversationStatus | 'all' })}
          />
        </div>
      )}
    </div>
  );
}
