import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { cn } from '../../../lib/cn';
import { withDefaults } from '../graph/config-errors';
import { FieldError, FieldGroup, invalidInput, smallInput } from './form-bits';
import type { ConfigFormProps } from './form-types';
import { branchPercents, nextBranchKey } from './randomizer-branches';

type Branch = { key: string; weight: number | null };
const MAX_BRANCHES = 5;

/** Split contacts across 2–5 named branches by weight; each branch is a handle on the node. */
export function RandomizerForm({ kind, config, onChange, errors }: ConfigFormProps) {
  const c = withDefaults<{ branches: Branch[] }>(kind, config);
  const percents = branchPercents(c.branches);
  const setBranch = (i: number, branch: Branch) => onChange({ ...c, branches: c.branches.map((b, j) => (j === i ? branch : b)) });

  return (
    <FieldGroup title="Branches">
      <div className="grid grid-cols-[minmax(0,1fr)_5rem_3rem_2rem] items-center gap-x-1.5 gap-y-1.5 text-xs text-slate-500 dark:text-slate-400">
        <span>Name</span>
        <span>Weight</span>
        <span className="text-right">Share</span>
        <span />
        {c.branches.map((branch, i) => (
          <div key={i} className="contents">
            <input
              aria-label={`Branch ${i + 1} name`}
              value={branch.key}
              maxLength={10}
              onChange={(e) => setBranch(i, { ...branch, key: e.target.value })}
              className={cn(smallInput, errors[`branches.${i}.key`] && invalidInput)}
            />
            <input
              aria-label={`Branch ${i + 1} weight`}
              type="number"
              min={0}
              max={100}
              step={1}
              value={branch.weight ?? ''}
              onChange={(e) => setBranch(i, { ...branch, weight: e.target.value === '' ? null : Number(e.target.value) })}
              className={cn(smallInput, errors[`branches.${i}.weight`] && invalidInput)}
            />
            <span className="text-right text-sm font-medium text-slate-700 tabular-nums dark:text-slate-200">{percents[i]}%</span>
            <button
              type="button"
              onClick={() => onChange({ ...c, branches: c.branches.filter((_, j) => j !== i) })}
              disabled={c.branches.length <= 2}
              aria-label={`Remove branch ${branch.key || i + 1}`}
              title="Remove branch (its edge goes too)"
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-red-600 disabled:opacity-40 dark:hover:bg-slate-800"
            >
              <Icon name="trash" size={14} />
            </button>
          </div>
        ))}
      </div>
      <FieldError message={errors.branches ?? Object.entries(errors).find(([path]) => path.startsWith('branches.'))?.[1]} />
      <Button
        variant="outline"
        size="sm"
        disabled={c.branches.length >= MAX_BRANCHES}
        onClick={() => onChange({ ...c, branches: [...c.branches, { key: nextBranchKey(c.branches), weight: 50 }] })}
      >
        <Icon name="plus" size={14} /> Add branch
      </Button>
      <p className="text-xs text-slate-500 dark:text-slate-400">Weights 0–100; each contact takes one branch at random.</p>
    </FieldGroup>
  );
}
