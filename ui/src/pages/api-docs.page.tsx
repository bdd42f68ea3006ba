import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

// Swagger UI is large: loaded only on this page.
const ApiReference = lazy(() => import('./api-reference'));

/** docs/api.md in short, and the live reference of /api/v1 with "Try it out". */
export function ApiDocsPage() {
  return (
    <>
      <MarketingHero
        eyebrow="API Docs"
        title="Build on Replypilot"
        description="A REST API for contacts, conversations, flows, leads, conversions, broadcasts and knowledge, with scoped keys."
      />
      <PageSection>
        <div className="mb-8 grid gap-4 text-sm text-slate-600 sm:grid-cols-3 dark:text-slate-400">
          <p>
            <strong className="block text-slate-900 dark:text-white">Keys and scopes</strong>
            An owner or admin makes a key in{' '}
            <Link to="/settings#api-keys" className="font-medium text-indigo-600 dark:text-indigo-400">
              Settings → API keys
            </Link>{' '}
            with only the scopes it needs. Send it as <code>Authorization: Bearer &lt;key&gt;</code>; press Authorize below to try calls with it.
          </p>
          <p>
            <strong className="block text-slate-900 dark:text-white">Pages and errors</strong>
            Lists answer <code>{'{data, nextCursor}'}</code>; pass <code>nextCursor</code> back as <code>cursor</code>. Errors are{' '}
            <code>{'{error, code, details}'}</code>; a missing scope is a 403 naming it.
          </p>
          <p>
            <strong className="block text-slate-900 dark:text-white">Limits and retries</strong>
            Each key has a per-minute limit (429 with <code>Retry-After</code>). Send an <code>Idempotency-Key</code> header with a reply, and a retry never
            sends it twice.
          </p>
        </div>
        <Suspense fallback={<Spinner className="mx-auto text-indigo-600" label="Loading the API reference" />}>
          {/* Swagger UI's wide operation blocks scroll inside this box, never the page (390 px). */}
          <div className="max-w-full min-w-0 overflow-x-auto">
            <ApiReference />
          </div>
        </Suspense>
      </PageSection>
    </>
  );
}
