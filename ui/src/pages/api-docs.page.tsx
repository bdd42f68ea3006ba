import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

// Only endpoints that exist today are listed; the reference grows as features ship.
const endpoints = [
  { method: 'GET', path: '/api/health', text: 'Process status, role, uptime and version.' },
  { method: 'GET', path: '/api/health/database', text: 'Database connectivity and latency.' },
  { method: 'GET', path: '/api/auth/user', text: 'The signed-in user, or 401.' },
  { method: 'POST', path: '/api/auth/register', text: 'Create an account: firstName, lastName, email, password.' },
  { method: 'POST', path: '/api/auth/login', text: 'Sign in with email and password.' },
  { method: 'POST', path: '/api/logout', text: 'End the session.' },
  { method: 'GET', path: '/api/auth/{google|facebook}/status', text: 'Whether a social sign-in provider is configured.' },
  { method: 'POST', path: '/api/newsletter/subscribe', text: 'Subscribe an email address to product updates.' },
  { method: 'WS', path: '/ws', text: 'Real-time channel; answers {"type":"ping"} with a pong.' },
];

export function ApiDocsPage() {
  return (
    <>
      <MarketingHero eyebrow="API Docs" title="Build on Replypilot" description="JSON over HTTPS with cookie sessions. Errors are {error, code, details}." />
      <PageSection narrow>
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {endpoints.map((e) => (
            <li key={`${e.method} ${e.path}`} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:gap-4">
              <span className="w-14 shrink-0 font-mono text-xs font-semibold text-indigo-600 dark:text-indigo-400">{e.method}</span>
              <code className="font-mono text-sm text-slate-900 dark:text-white">{e.path}</code>
              <span className="text-sm text-slate-600 sm:ml-auto sm:text-right dark:text-slate-400">{e.text}</span>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-500 dark:text-slate-400">
          More endpoints (flows, inbox, leads, templates, analytics) are documented here as they ship.
        </p>
      </PageSection>
    </>
  );
}
