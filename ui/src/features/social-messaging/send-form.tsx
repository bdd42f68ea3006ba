import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { formatRelative } from './format-eta';
import { sendSocialMessage, type SocialChannel } from './social-messaging.api';
import { isDraftComplete, missingInformation, sendToasts } from './send-form.validation';

interface SendFormProps {
  channel: SocialChannel;
  /** Pages to send from (Instagram: the Pages that have an Instagram account). */
  pages: Array<{ id: string; label: string }>;
}

const copy = {
  facebook: {
    title: 'Send a Messenger message',
    recipientLabel: 'Recipient Facebook user ID',
    recipientHint: 'The person’s Page-scoped id (PSID), e.g. from a webhook or a conversation.',
  },
  instagram: {
    title: 'Send an Instagram DM',
    recipientLabel: 'Recipient Instagram ID',
    recipientHint: 'The Instagram-scoped id (IGSID) — not the @username.',
  },
} as const;

/** docs/product-spec.md §2/§5: page, recipient id, message; disabled while incomplete or sending. */
export function SendForm({ channel, pages }: SendFormProps) {
  const { toast } = useToast();
  const [pageId, setPageId] = useState(pages[0]?.id ?? '');
  const [recipientId, setRecipientId] = useState('');
  const [message, setMessage] = useState('');
  const draft = { pageId: pages.some((p) => p.id === pageId) ? pageId : (pages[0]?.id ?? ''), recipientId, message };
  const texts = sendToasts(channel);

  const send = useMutation({
    mutationFn: () => sendSocialMessage(channel, { pageId: draft.pageId, recipientId: recipientId.trim(), message: message.trim() }),
    onSuccess: (res) => {
      if (res.status === 'sent') toast({ ...texts.sent, variant: 'success' });
      else toast({ title: 'Message queued', description: `Meta is pacing this account; it goes ${formatRelative(res.scheduledFor)}.` });
      setRecipientId('');
      setMessage('');
    },
    onError: (err) => toast({ title: 'Send Failed', description: errorMessage(err, texts.failedFallback), variant: 'destructive' }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!isDraftComplete(draft)) {
      toast({ ...missingInformation, variant: 'destructive' });
      return;
    }
    send.mutate();
  }

  const c = copy[channel];
  return (
    <Card className="p-6">
      <h3 className="font-semibold text-slate-900 dark:text-white">{c.title}</h3>
      <form onSubmit={submit} className="mt-4 space-y-4" aria-label={c.title}>
        <SelectField
          label={channel === 'facebook' ? 'Facebook Page' : 'Instagram account'}
          value={draft.pageId}
          onChange={(e) => setPageId(e.target.value)}
          options={pages.map((p) => ({ value: p.id, label: p.label }))}
        />
        <TextField
          label={c.recipientLabel}
          hint={c.recipientHint}
          inputMode="numeric"
          autoComplete="off"
          value={recipientId}
          onChange={(e) => setRecipientId(e.target.value)}
        />
        <TextareaField label="Message" rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
        <div className="flex justify-end">
          <Button type="submit" loading={send.isPending} disabled={!isDraftComplete(draft)}>
            <Icon name="send" size={16} /> Send message
          </Button>
        </div>
      </form>
    </Card>
  );
}
