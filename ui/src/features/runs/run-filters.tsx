import type { Flow, RunStatus } from '@contracts/flows';
import { SelectField } from '../../components/select-field';
import { runStatusList, statusLabel, type RunFilters as Filters } from './runs.helpers';

interface RunFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
  flows: Flow[];
}

const statusOptions = [{ value: '', label: 'All statuses' }, ...runStatusList.map((s) => ({ value: s, label: statusLabel(s) }))];

export function RunFilters({ value, onChange, flows }: RunFiltersProps) {
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-xl">
      <SelectField
        label="Status"
        compact
        value={value.status ?? ''}
        options={statusOptions}
        onChange={(e) => onChange({ ...value, status: (e.target.value || undefined) as RunStatus | undefined })}
      />
      <SelectField
        label="Flow"
        compact
        value={value.flowId ?? ''}
        options={[{ value: '', label: 'All flows' }, ...flows.map((f) => ({ value: f.id, label: f.name }))]}
        onChange={(e) => onChange({ ...value, flowId: e.target.value || undefined })}
      />
    </div>
  );
}
