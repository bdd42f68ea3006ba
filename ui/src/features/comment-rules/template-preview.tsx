import { previewTemplate } from './rule-draft';

/** How the DM reads for a sample contact, once the template has text. */
export function TemplatePreview({ template }: { template: string }) {
  if (!template.trim()) return null;
  return (
    <div className="mt-2 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-800/50">
      <p className="text-[11px] font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Preview for Jane Doe (@jane.doe)</p>
      <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">{previewTemplate(template)}</p>
    </div>
  );
}
