import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { DevOutboxMail } from '@contracts/auth';
import { Card } from '../../components/card';
import { Spinner } from '../../components/spinner';
import { ApiError, apiGet } from '../../lib/api';

/** Turns this server's links in a mail into links (the reset link is what a developer wants to click). */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <pre className="mt-3 overflow-x-auto text-sm whitespace-pre-wrap break-words text-slate-700 dark:text-slate-300">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="font-medium break-all text-indigo-600 underline dark:text-indigo-400">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

/**
 * /dev/outbox: mails written instead of sent while SMTP_URL is unset (development only; the API is 404
 * in production). Only the signed-in user's own mails: reset links are account keys (docs/security.md).
 */
export function DevOutboxPage() {
  const query = useQuery({
    queryKey: ['/api/dev/outbox'],
    queryFn: () => apiGet<{ mails: DevOutboxMail[] }>('/api/dev/outbox'),
    // Signed out (401) or not development (404): nothing to poll for.
    refetchInterval: (q) => (q.state.error ? false : 3000),
    retry: false,
  });
  const unavailable = query.error instanceof ApiError && query.error.status === 404;
  const signedOut = query.error instanceof ApiError && query.error.status === 401;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Dev outbox</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        No SMTP server is configured, so account emails (password reset links) are kept here instead of being sent. You see the mails sent to your own address,
        newest first; this page refreshes itself.
      </p>
      <div className="mt-6 space-y-4">
        {query.isPending && <Spinner className="text-indigo-600" label="Loading mails" />}
        {unavailable && <p className="text-sm text-slate-600 dark:text-slate-400">The dev outbox is only available in development.</p>}
        {signedOut && (
          <Card className="p-5 text-sm text-slate-600 dark:text-slate-400">
            <p>
              <Link to="/login" className="font-medium text-indigo-600 underline dark:text-indigo-400">
                Sign in
              </Link>{' '}
              to see the mails sent to your address.
            </p>
            <p className="mt-2">
              Locked out? The server prints every mail it keeps here, reset links included, in its log: look in the terminal where it runs.
            </p>
          </Card>
        )}
        {query.data?.mails.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">No mails yet.</p>}
        {query.data?.mails.map((mail) => (
          <Card key={mail.id} className="p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold text-slate-900 dark:text-white">{mail.subject}</h2>
              <time className="text-xs text-slate-500 dark:text-slate-400" dateTime={mail.createdAt}>
                {new Date(mail.createdAt).toLocaleString()}
              </time>
            </div>
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">To: {mail.to}</p>
            <MailText text={mail.text} />
          </Card>
        ))}
      </div>
    </div>
  );
}
