import { useState } from 'react';
import type { CommentRule } from '@contracts/comment-rules';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { ConfirmDialog } from '../flows/confirm-dialog';
import { EditRuleDialog } from './edit-rule-dialog';
import { RuleCard } from './rule-card';
import { useCommentRules, useDeleteCommentRule, useToggleCommentRule } from './use-comment-rules';

/** docs/product-spec.md §2 rule list: a switch, Edit and Delete (after a confirmation) per rule, with what each rule has done. */
export function RuleList() {
  const { toast } = useToast();
  const rules = useCommentRules();
  const toggle = useToggleCommentRule();
  const remove = useDeleteCommentRule();
  const [confirming, setConfirming] = useState<CommentRule | null>(null);
  const [editing, setEditing] = useState<CommentRule | null>(null);

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
    <>
      <ul className="space-y-4" aria-label="Comment rules">
        {rules.data.map((rule) => (
          <li key={rule.id}>
            <RuleCard
              rule={rule}
              deleting={remove.isPending && remove.variables === rule.id}
              onToggle={(isActive) =>
                toggle.mutate(
                  { id: rule.id, isActive },
                  {
                    onSuccess: (saved) =>
                      toast({
                        title: 'Rule status updated',
                        // Switched on next to another automation: say who answers what.
                        description: [...saved.clashes.map((c) => c.message), ...saved.silences.map((s) => s.message)].join(' ') || undefined,
                        variant: 'success',
                      }),
                    // A rule older rules leave nothing to answer stays off, and says why.
                    onError: (err) =>
                      toast({ title: 'The rule stays off', description: errorMessage(err, 'Could not switch the rule on.'), variant: 'destructive' }),
                  },
                )
              }
              onEdit={() => setEditing(rule)}
              onDelete={() => setConfirming(rule)}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title="Delete this rule?"
        description={`The rule for ${confirming?.keywords.join(', ') ?? ''} stops replying and its counts go with it. This cannot be undone.`}
        confirmLabel="Delete rule"
        destructive
        pending={remove.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          confirming &&
          remove.mutate(confirming.id, {
            onSuccess: () => {
              setConfirming(null);
              toast({ title: 'Rule deleted successfully', variant: 'success' });
            },
          })
        }
      />
      {editing && <EditRuleDialog key={editing.id} rule={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
