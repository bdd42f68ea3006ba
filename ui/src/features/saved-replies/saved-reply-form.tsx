import type { SavedReply } from '@contracts/saved-replies';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api';
import { useCreateSavedReply, useUpdateSavedReply } from './use-saved-replies';

interface SavedReplyFormProps {
  /** Editing this reply, or adding a new one. */
  editing: SavedReply | null;
  onDone: () => void;
}

const errorBody = z.object({ details: z.array(z.object({ path: z.unknown() })).optional() });

/** The field the server's first detail names ('name' | 'content'), if any. */
function errorField(bodyText: string): unknown {
  try {
    const parsed = errorBody.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data.details?.[0]?.path : undefined;
  } catch {
    return undefined;
  }
}

/** Name (what `/` filters on) and text; the server's 400/409 message shows under the field it names. */
export function SavedReplyForm({ editing, onDone }: SavedReplyFormProps) {
  const [name, setName] = useState(editing?.name ?? '');
  const [content, setContent] = useState(editing?.content ?? '');
  const [errors, setErrors] = useState<{ name?: string; content?: string }>({});
  const create = useCreateSavedReply();
  const update = useUpdateSavedReply();
  const { toast } = useToast();
  const pending = create.isPending || update.isPending;

  function onError(err: unknown) {
    const message = errorMessage(err, 'Failed to save the reply');
    const field = err instanceof ApiError ? errorField(err.bodyText) : undefined;
    setErrors(field === 'content' ? { content: message } : { name: message });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = { name: name.trim(), content: content.trim() };
    const onSuccess = () => {
      toast({ title: editing ? 'Saved reply updated' : 'Saved reply added', variant: 'success' });
      onDone();
    };
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <TextField
        label="Name"
        hint="Type / and this name in the reply box. Letters, digits, - and _."
        value={name}
        onChange={(e) => (setName(e.target.value), setErrors({}))}
        maxLength={40}
        autoComplete="off"
        error={errors.name}
      />
      <TextareaField
        label="Reply text"
        value={content}
        onChange={(e) => (setContent(e.target.value), setErrors({}))}
        maxLength={2000}
        rows={4}
        error={errors.content}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} disabled={!name.trim() || !content.trim()}>
          {editing ? 'Save changes' : 'Add reply'}
        </Button>
      </div>
    </form>
  );
}
