import { profileQuestionIds, profileQuestionTitles, type KnowledgeKind } from '@contracts/knowledge';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import type { EntryDraft } from './entry-draft';

interface EntryFieldsProps {
  kind: KnowledgeKind;
  draft: EntryDraft;
  onChange: (patch: Partial<EntryDraft>) => void;
  priceError?: string;
  /** A profile entry's question is fixed once answered. */
  editing: boolean;
}

/** The inputs of one kind of entry. */
export function EntryFields({ kind, draft, onChange, priceError, editing }: EntryFieldsProps) {
  const field = (key: Exclude<keyof EntryDraft, 'visibility'>) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => onChange({ [key]: e.target.value }),
  });
  switch (kind) {
    case 'offer':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Offer name" required maxLength={200} placeholder="6-week coaching program" className="sm:col-span-2" {...field('name')} />
          <TextField label="Price (USD)" inputMode="decimal" placeholder="499" error={priceError} {...field('price')} />
          <TextField label="Duration" maxLength={100} placeholder="6 weeks" {...field('duration')} />
          <TextField label="Link" type="url" placeholder="https://…" className="sm:col-span-2" {...field('link')} />
          <TextareaField label="Description" rows={3} maxLength={5000} className="sm:col-span-2" {...field('description')} />
        </div>
      );
    case 'faq':
      return (
        <div className="space-y-4">
          <TextField label="Question" required maxLength={500} placeholder="Do you ship internationally?" {...field('question')} />
          <TextareaField label="Answer" required rows={4} maxLength={5000} {...field('answer')} />
        </div>
      );
    case 'document':
    case 'page':
      return (
        <div className="space-y-4">
          <TextField label="Title" required maxLength={200} placeholder="Refund policy" {...field('title')} />
          <TextareaField label="Text" required rows={8} maxLength={100_000} hint="Up to 100,000 characters." {...field('text')} />
        </div>
      );
    case 'testimonial':
      return (
        <div className="space-y-4">
          <TextareaField label="Quote" required rows={3} maxLength={2000} {...field('quote')} />
          <TextField label="Author" required maxLength={200} placeholder="Priya N., product manager" {...field('author')} />
        </div>
      );
    case 'profile':
      return (
        <div className="space-y-4">
          <SelectField
            label="Question"
            disabled={editing}
            options={profileQuestionIds.map((id) => ({ value: id, label: profileQuestionTitles[id] }))}
            {...field('questionId')}
          />
          <TextareaField label="Answer" required rows={4} maxLength={5000} {...field('answer')} />
        </div>
      );
  }
}
