import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { WebhookSetupResponse } from '@contracts/social-accounts';
import { Badge } from '../../components/badge';
import { apiGet } from '../../lib/api';
import { useCurrentUser } from '../auth/use-current-user';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { CopyField } from './copy-field';

// docs/product-spec.md §2 lists messages, messaging_postbacks, messaging_optins; echoes and feed comments are what
// Replypilot also acts on (docs/platform-apis.md §1.4–§1.5). Instagram: comments + messages.
const pageFields = ['messages', 'messaging_postbacks', 'messaging_optins', 'message_echoes', 'feed', 'messaging_referrals'];
const instagramFields = ['comments', 'messages', 'messaging_postbacks', 'messaging_referral'];
const instagramPermissions = [
  'instagram_manage_messages',
  'instagram_manage_comments',
  'instagram_basic',
  'pages_messaging',
  'pages_manage_metadata',
  'pages_show_list',
];
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
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white">{n}</span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900 dark:text-white">{title}</h2>
          <div className="mt-3 space-y-3 text-sm text-slate-600 dark:text-slate-400">{children}</div>
        </div>
      </div>
    </Card>
  );
}

/** Webhook setup guide with this server's real callback URL and verify token (docs/product-spec.md §2 diagnostic pages). */
export function WebhookSetupPage() {
  const { isAuthenticated } = useCurrentUser();
  const setup = useQuery({
    queryKey: ['webhooks', 'facebook', 'setup'],
    queryFn: () => apiGet<WebhookSetupResponse>('/api/webhooks/facebook/setup'),
    enabled: isAuthenticated,
  });
  const callbackUrl = setup.data?.callbackUrl ?? `${window.location.origin}/api/webhooks/facebook/webhook`;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Webhook Setup" description="Let Facebook and Instagram tell Replypilot about new messages, so auto-responders can answer." />
      <Step n={1} title="Add the webhook in your Meta app">
        <p>
          In Meta for Developers, open your app → Webhooks, choose the <strong>Page</strong> object (and then <strong>Instagram</strong>), click{' '}
          <strong>Subscribe to this object</strong> and enter:
        </p>
        <CopyField label="Callback URL" value={callbackUrl} />
        {setup.data?.verifyToken ? (
          <CopyField label="Verify token" value={setup.data.verifyToken} />
        ) : setup.data ? (
          <p className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
            <strong>Verify token:</strong> shown to this server&apos;s administrators only (their emails are listed in <code>ADMIN_EMAILS</code>); it is set
            once for the whole server, not per workspace.
          </p>
        ) : (
          <p className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
            <strong>Verify token:</strong> {isAuthenticated ? 'loading…' : 'sign in to see the verify token this server expects.'}
          </p>
        )}
        <p>
          Meta calls the URL once with the token and this server answers with the challenge. Every event after that is signed with your app secret and checked
          before anything is stored
          {setup.data && !setup.data.signingConfigured && (
            <strong className="text-red-600 dark:text-red-400"> — FACEBOOK_APP_SECRET is not set, so events are refused</strong>
          )}
          . The URL must be public HTTPS.
        </p>
      </Step>
      <Step n={2} title="Subscribe to these fields">
        <p>Page:</p>
        <div className="flex flex-wrap gap-2">
          {pageFields.map((field) => (
            <Badge key={field} tone="brand">
              {field}
            </Badge>
          ))}
        </div>
        <p>Instagram:</p>
        <div className="flex flex-wrap gap-2">
          {instagramFields.map((field) => (
            <Badge key={field} tone="brand">
              {field}
            </Badge>
          ))}
        </div>
        <p>Connecting a Page from Social Messaging subscribes it to this app automatically.</p>
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
      {setup.data && (
        <Step n={4} title="X (Twitter) Account Activity — optional">
          <p>
            X checks this URL with a CRC challenge signed with the app’s OAuth 2.0 client secret; every event is signed the same way. It needs X’s Account
            Activity access (Enterprise or pay-per-use).
            {!setup.data.xConfigured && <strong> X_CLIENT_ID and X_CLIENT_SECRET are not set on this server yet.</strong>}
          </p>
          <p>
            {setup.data.xAutoSubscribe
              ? 'X_BEARER_TOKEN is set: connecting an X account registers this webhook (once) and subscribes the account to it. The activity feed says if X refuses.'
              : 'Set X_BEARER_TOKEN (the app’s Bearer token) and connecting an X account registers this webhook and subscribes the account automatically; without it, register the URL yourself.'}
          </p>
          <CopyField label="X webhook URL" value={setup.data.xCallbackUrl} />
        </Step>
      )}
      <Step n={setup.data ? 5 : 4} title="Auto-response keywords">
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
      <Step n={setup.data ? 6 : 5} title="Sample replies">
        <ul className="space-y-2">
          {sampleReplies.map((reply) => (
            <li key={reply.name} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{reply.name}</p>
              <p className="mt-1 text-slate-800 dark:text-slate-200">{reply.text}</p>
            </li>
          ))}
        </ul>
      </Step>
    </div>
  );
}
