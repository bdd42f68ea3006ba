import { leadSources, leadStatuses } from '@contracts/leads';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';
import { SelectField } from '../../components/select-field';
import { sourceLabels, statusLabels } from './lead-format';
import type { LeadQuery } from './leads.api';

type Filters = Omit<LeadQuery, 'page'>;

const statusOptions = [{ value: 'all', label: 'All statuses' }, ...leadStatuses.map((s) => ({ value: s, label: statusLabels[s] }))];
const sourceOptions = [{ value: 'all', label: 'All sources' }, ...leadSources.map((s) => ({ value: s, label: sourceLabels[s] }))];

export function LeadFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="relative flex-1">
        <label htmlFor="lead-search" className="sr-only">
          Search leads
        </label>
        <Icon name="search" size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
        <input
          id="lead-search"
          type="search"
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
          placeholder="Search name, email or handle..."
          autoComplete="off"
          className={inputClasses(false, 'h-9 py-1 pl-9')}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <SelectField
          label="Status"
          hideLabel
          compact
          options={statusOptions}
          value={value.status}
          onChange={(e) => onChange({ ...value, status: e.target.value as Filters['status'] })}
          className="sm:w-40"
        />
        <SelectField
          label="Source"
          hideLabel
          compact
          options={sourceOptions}
          value={value.source}
          onChange={(e) => onChange({ ...value, source: e.target.value as Filters['source'] })}
          className="sm:w-40"
        />
      </div>
    </div>
  );
}
