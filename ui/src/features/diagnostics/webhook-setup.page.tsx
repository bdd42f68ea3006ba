import type { ReactNode } from 'react';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { CopyField } from './copy-field';

const subscriptionFields = ['messages', 'messaging_postbacks', 'messaging_optins'];
const instagramPermissions = ['instagram_manage_messages', 'instagram_basic', 'pages_messaging'];
const keywordGroups = [
  { name: 'Greetings', words: ['hello', 'hi', 'hey'] },
  { name: 'Products', words: ['buy', 'price', 'shop'] },
  { name: 'Support', words: ['help', 'problem', 'issue'] },
  { name: 'Hours', words: ['open', 'closed', 'hours'] },
];
const sampleReplies = [
  { name: 'Welcome', text: 'Hi there! 👋 Thanks for reaching out. How can we help you today?' },
  { name: 'Products', text: 'Great question! Here is our catalogue — use code WELCOME10 for 10% off your first order.' },
  { name: 'Support', text: 'Sorry to hear that! Our team will get back to you within 2 hours.' },
];

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Card className="p-6">
      <div className="flex items-start gap-4">
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white">
          {n}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900 dark:text-white">{title}</h2>
          <div className="mt-3 space-y-3 text-sm text-slate-600 dark:text-slate-400">{children}</div>
        </div>
      </div>
    </Card>
  );
}

/** Static guide for connecting Meta webhooks to this server (spec §2 diagnostic pages). */
export function WebhookSetupPage() {
  const callbackUrl = `${window.location.origin}/api/webhooks/facebook/webhook`;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Webhook Setup"
        description="Let Facebook and Instagram tell Replypilot about new messages, so auto-responders can answer."
      />
      <Step n={1} title="Add the webhook in your Meta app">
        <p>
          In Meta for Developers, open your app → Webhooks → Page, choose <strong>Subscribe to this object</strong> and
          enter:
        </p>
        <CopyField label="Callback URL" value={callbackUrl} />
        <p>
          <strong>Verify token:</strong> the webhook verify token configured on this Replypilot server (ask your
          administrator). Meta sends it once; the server answers with the challenge when it matches.
        </p>
      </Step>
      <Step n={2} title="Subscribe to these fields">
        <div className="flex flex-wrap gap-2">
          {subscriptionFields.map((field) => (
            <Badge key={field} tone="brand">
              {field}
            </Badge>
          ))}
        </div>
      </Step>
      <Step n={3} title="Grant Instagram permissions">
        <div className="flex flex-wrap gap-2">
          {instagramPermissions.map((permission) => (
            <Badge key={permission} tone="info">
              {permission}
            </Badge>
          ))}
        </div>
        <p>The Instagram account must be a Business or Creator account linked to your Facebook Page.</p>
      </Step>
      <Step n={4} title="Auto-response keywords">
        <p>Incoming messages are matched against keyword groups like these:</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {keywordGroups.map((group) => (
            <div key={group.name} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <p className="font-medium text-slate-900 dark:text-white">{group.name}</p>
              <p className="mt-1 font-mono text-xs">{group.words.join(', ')}</p>
            </div>
          ))}
        </div>
      </Step>
      <Step n={5} title="Sample replies">
        <ul className="space-y-2">
          {sampleReplies.map((reply) => (
            <li key={reply.name} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{reply.name}</p>
              <p className="mt-1 text-slate-800 dark:text-slate-200">{reply.text}</p>
            </li>
          ))}
        </ul>
      </Step>
    </div>
  );
}
