import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import type { CommentRule, SavedCommentRule } from '@contracts/comment-rules';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { errorMessage } from '../../lib/api';
import { ClashWarning } from './clash-warning';
import { useUpdateCommentRule } from './use-comment-rules';
import { useRuleClashes } from './use-rule-clashes';

const field =
  'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-950 dark:text-white';

/** Edit a rule's keywords, replies and Track links in place (platform and post stay: delete and recreate to move a rule). */
export function EditRuleDialog({ rule, onClose }: { rule: CommentRule; onClose: () => void }) {
  const update = useUpdateCommentRule();
  const [keywords, setKeywords] = useState(rule.keywords.join(', '));
  const [responseTemplate, setResponse] = useState(rule.responseTemplate);
  const [publicReply, setPublicReply] = useState(rule.publicReplyTemplate ?? '');
  const [trackLinks, setTrackLinks] = useState(rule.trackLinks);
  /** The saved rule, when its save answered clashes: the dialog stays open to show them. */
  const [saved, setSaved] = useState<SavedCommentRule | null>(null);
  const list = keywords
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  // The rule's own place (platform, post, age) with the keywords being typed; an inactive rule is not checked.
  const live = useRuleClashes(rule.isActive && !saved ? { id: rule.id, platform: rule.platform, keywords: list } : null);
  const neverFires = live?.neverFires ?? null;
  const valid = list.length > 0 && responseTemplate.trim() !== '' && neverFires === null;

  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="max-h-full w-full max-w-lg overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">Edit comment rule</DialogTitle>
          <form
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!valid) return;
              update.mutate(
                { id: rule.id, body: { keywords: list, responseTemplate, publicReplyTemplate: publicReply.trim() || null, trackLinks } },
                { onSuccess: (answer) => (answer.clashes.length > 0 || answer.silences.length > 0 ? setSaved(answer) : onClose()) },
              );
            }}
          >
            <label className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              Keywords (comma-separated)
              <input className={field} value={keywords} onChange={(e) => setKeywords(e.target.value)} />
            </label>
            <label className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              Response template (private reply DM)
              <textarea className={field} rows={3} maxLength={1000} value={responseTemplate} onChange={(e) => setResponse(e.target.value)} />
            </label>
            <CheckboxField
              checked={trackLinks}
              onChange={setTrackLinks}
              label="Track links: count clicks on links in this reply (shown on Analytics → Automation)"
            />
            <label className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              Public reply (optional)
              <textarea className={field} rows={2} maxLength={1000} value={publicReply} onChange={(e) => setPublicReply(e.target.value)} />
            </label>
            {update.isError && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {errorMessage(update.error, 'The rule could not be saved.')}
              </p>
            )}
            {saved ? (
              <>
                <p className="text-sm text-emerald-700 dark:text-emerald-400">Saved.</p>
                <ClashWarning report={saved} />
              </>
            ) : (
              live && <ClashWarning report={live} />
            )}
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={onClose}>
                {saved ? 'Close' : 'Cancel'}
              </Button>
              {!saved && (
                <Button type="submit" disabled={!valid} loading={update.isPending}>
                  Save changes
                </Button>
              )}
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
