import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { CheckboxField } from '../../components/checkbox-field';
import { Icon } from '../../components/icon';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { ToggleSwitch } from '../../components/toggle-switch';
import { useToast } from '../../components/toast/use-toast';
import type { SavedCommentRule } from '@contracts/comment-rules';
import { errorMessage } from '../../lib/api';
import { ClashWarning } from './clash-warning';
import {
  addKeywords,
  canCreate,
  effectiveKeywords,
  emptyDraft,
  needsPostUrl,
  removeKeyword,
  TEMPLATE_VARIABLES,
  VALIDATION_MESSAGE,
  type RuleDraft,
} from './rule-draft';
import { KeywordInput } from './keyword-input';
import { RuleTypeField } from './rule-type-field';
import { TemplatePreview } from './template-preview';
import { useCreateCommentRule } from './use-comment-rules';
import { useRuleClashes } from './use-rule-clashes';

const platformOptions = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'facebook', label: 'Facebook' },
];

/** docs/product-spec.md §2/§5 rule creation: Create stays disabled until keywords and a template are there. */
export function RuleForm() {
  const { toast } = useToast();
  const create = useCreateCommentRule();
  const [draft, setDraft] = useState<RuleDraft>(() => emptyDraft());
  /** The last saved rule's clashes, shown after the form resets. */
  const [saved, setSaved] = useState<SavedCommentRule | null>(null);
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  // Checked as it is typed, the way the save will check it (an inactive rule fires nothing yet).
  const keywords = effectiveKeywords(draft);
  const live = useRuleClashes(
    draft.isActive && !needsPostUrl(draft)
      ? {
          platform: draft.platform,
          keywords,
          automationType: draft.automationType,
          postUrl: draft.automationType === 'specific_post' ? draft.postUrl.trim() : null,
        }
      : null,
  );
  const neverFires = live?.neverFires ?? null;

  function submit() {
    if (!canCreate(draft)) {
      toast({ title: 'Validation Error', description: VALIDATION_MESSAGE, variant: 'destructive' });
      return;
    }
    if (neverFires) {
      toast({ title: 'This rule could never answer', description: neverFires, variant: 'destructive' });
      return;
    }
    const specific = draft.automationType === 'specific_post';
    create.mutate(
      {
        platform: draft.platform,
        keywords: effectiveKeywords(draft),
        responseTemplate: draft.responseTemplate.trim(),
        publicReplyTemplate: draft.publicReplyTemplate.trim() || null,
        isActive: draft.isActive,
        automationType: draft.automationType,
        postUrl: specific ? draft.postUrl.trim() : null,
        trackLinks: draft.trackLinks,
      },
      {
        onSuccess: (rule) => {
          setSaved(rule.clashes.length > 0 || rule.silences.length > 0 ? rule : null);
          toast({ title: 'Comment automation rule created successfully', variant: 'success' });
          setDraft(emptyDraft(draft.platform));
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to create rule'), variant: 'destructive' }),
      },
    );
  }

  /** Ctrl/⌘+Enter in a template submits — and explains what is missing if the form is not ready. */
  function onTemplateKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      submit();
    }
  }

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <Icon name="plus" size={18} className="text-indigo-500" /> New comment rule
      </h2>
      <form
        className="mt-5 space-y-5"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SelectField
          label="Platform"
          options={platformOptions}
          value={draft.platform}
          onChange={(e) => set('platform', e.target.value as RuleDraft['platform'])}
        />
        <KeywordInput
          keywords={draft.keywords}
          input={draft.keywordInput}
          onInput={(text) => set('keywordInput', text)}
          onAdd={() => setDraft((d) => ({ ...d, keywords: addKeywords(d.keywords, d.keywordInput), keywordInput: '' }))}
          onRemove={(k) => setDraft((d) => ({ ...d, keywords: removeKeyword(d.keywords, k) }))}
        />
        <div>
          <TextareaField
            label="Response template (private reply DM)"
            value={draft.responseTemplate}
            maxLength={1000}
            onChange={(e) => set('responseTemplate', e.target.value)}
            onKeyDown={onTemplateKeyDown}
            placeholder="Hi {first_name}! Here's the link you asked for: …"
            hint={<VariableHint onInsert={(v) => set('responseTemplate', `${draft.responseTemplate}${v}`)} />}
          />
          <TemplatePreview template={draft.responseTemplate} />
          <div className="mt-3">
            <CheckboxField
              checked={draft.trackLinks}
              onChange={(v) => set('trackLinks', v)}
              label="Track links: count clicks on links in this reply (shown on Analytics → Automation)"
            />
          </div>
        </div>
        <TextareaField
          label="Public reply (optional)"
          rows={2}
          value={draft.publicReplyTemplate}
          maxLength={1000}
          onChange={(e) => set('publicReplyTemplate', e.target.value)}
          onKeyDown={onTemplateKeyDown}
          placeholder="Sent you a DM, {username}!"
          hint="Posted under the comment for everyone to see. Leave empty to reply only in private."
        />
        <RuleTypeField value={draft.automationType} onChange={(v) => set('automationType', v)} />
        {draft.automationType === 'specific_post' && (
          <TextField
            label="Post URL"
            type="url"
            value={draft.postUrl}
            onChange={(e) => set('postUrl', e.target.value)}
            placeholder="https://www.instagram.com/p/…"
            hint={needsPostUrl(draft) ? 'Required for a specific post: paste the post’s link.' : undefined}
          />
        )}
        <div className="flex items-center justify-between gap-4 rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/50">
          <div>
            <p className="text-sm font-medium text-slate-900 dark:text-white">Active</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">Start replying as soon as the rule is created.</p>
          </div>
          <ToggleSwitch checked={draft.isActive} onChange={(v) => set('isActive', v)} label="Rule active" />
        </div>
        {live && keywords.length > 0 && <ClashWarning report={live} />}
        <Button type="submit" className="w-full" disabled={!canCreate(draft) || neverFires !== null} loading={create.isPending}>
          Create Rule
        </Button>
        {saved && keywords.length === 0 && (
          <div className="space-y-1">
            <p className="text-xs text-slate-500 dark:text-slate-400">Saved the rule for {saved.keywords.join(', ')}. Still true now:</p>
            <ClashWarning report={saved} onDismiss={() => setSaved(null)} />
          </div>
        )}
      </form>
    </Card>
  );
}

function VariableHint({ onInsert }: { onInsert: (variable: string) => void }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      Variables:
      {TEMPLATE_VARIABLES.map((v) => (
        <button
          key={v}
          type="button"
          onClick={() => onInsert(v)}
          className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700 hover:bg-indigo-50 hover:text-indigo-700 dark:bg-slate-800 dark:text-slate-300"
          aria-label={`Insert ${v}`}
        >
          {v}
        </button>
      ))}
      <span>— {'{username}'} includes the @.</span>
    </span>
  );
}
