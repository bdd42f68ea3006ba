import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { RuleCard } from './rule-card';
import { useCommentRules, useDeleteCommentRule, useToggleCommentRule } from './use-comment-rules';

/** docs/product-spec.md §2 rule list: a switch and a delete per rule, with what each rule has done. */
export function RuleList() {
  const { toast } = useToast();
  const rules = useCommentRules();
  const toggle = useToggleCommentRule();
  const remove = useDeleteCommentRule();

  if (rules.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <Spinner size={16} /> Loading rules...
      </p>
    );
  }
  if (rules.isError) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        Couldn't load rules: {errorMessage(rules.error, 'please try again.')}
      </p>
    );
  }
  if (rules.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
        <p className="text-sm font-medium text-slate-900 dark:text-white">No comment rules yet</p>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Create one with the form — for example the keyword “price” and a DM with your price list.
        </p>
      </div>
    );
  }
  return (
    <ul className="space-y-4" aria-label="Comment rules">
      {rules.data.map((rule) => (
        <li key={rule.id}>
          <RuleCard
            rule={rule}
            deleting={remove.isPending && remove.variables === rule.id}
            onToggle={(isActive) => toggle.mutate({ id: rule.id, isActive }, { onSuccess: () => toast({ title: 'Rule status updated', variant: 'success' }) })}
            onDelete={() =>
              remove.mutate(rule.id, {
                onSuccess: () => toast({ title: 'Rule deleted successfully', variant: 'success' }),
              })
            }
          />
        </li>
      ))}
    </ul>
  );
}
