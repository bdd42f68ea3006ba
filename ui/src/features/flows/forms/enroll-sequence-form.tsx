import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { SelectField } from '../../../components/select-field';
import { fetchSequences, sequenceKeys } from '../../sequences/sequences.api';
import { withDefaults } from '../graph/config-errors';
import type { ConfigFormProps } from './form-types';

type EnrollSequenceConfig = { sequenceId: string; action: 'enroll' | 'unenroll' };

/** Sequence: which sequence, and whether the contact is enrolled in it or taken out (contracts/flows/nodes/enroll-sequence.ts). */
export function EnrollSequenceForm({ kind, config, onChange, errors }: ConfigFormProps) {
  const c = withDefaults<EnrollSequenceConfig>(kind, config);
  const list = useQuery({ queryKey: sequenceKeys.list, queryFn: fetchSequences });
  const sequences = list.data?.sequences ?? [];
  return (
    <div className="space-y-4">
      <SelectField
        label="Action"
        value={c.action}
        onChange={(e) => onChange({ ...c, action: e.target.value === 'unenroll' ? 'unenroll' : 'enroll' })}
        options={[
          { value: 'enroll', label: 'Enrol the contact' },
          { value: 'unenroll', label: 'Take the contact out' },
        ]}
      />
      <SelectField
        label="Sequence"
        value={c.sequenceId}
        onChange={(e) => onChange({ ...c, sequenceId: e.target.value })}
        options={[{ value: '', label: list.isLoading ? 'Loading…' : 'Choose a sequence' }, ...sequences.map((s) => ({ value: s.id, label: s.name }))]}
      />
      {errors.sequenceId && <p className="text-sm text-red-600 dark:text-red-400">{errors.sequenceId}</p>}
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        A contact already in the sequence stays where they are. Each message goes out at its time only inside Meta&apos;s 24-hour window; a step outside it is
        skipped and the reason shown on the sequence. Manage sequences on the{' '}
        <Link className="font-medium text-indigo-600 hover:underline dark:text-indigo-400" to="/sequences">
          Sequences
        </Link>{' '}
        page.
      </p>
    </div>
  );
}
