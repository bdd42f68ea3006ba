import { Link, NavLink, useParams } from 'react-router-dom';
import { cn } from '../../lib/cn';
import { docPages } from './docs.data';

export function DocsPage() {
  const { slug } = useParams();
  const page = docPages.find((d) => d.slug === slug);

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[14rem_1fr] lg:px-8">
      <nav aria-label="Documentation">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Documentation</p>
        <ul className="mt-3 space-y-1">
          {docPages.map((d) => (
            <li key={d.slug}>
              <NavLink
                to={`/docs/${d.slug}`}
                className={({ isActive }) =>
                  cn(
                    'block rounded-lg px-3 py-1.5 text-sm',
                    isActive
                      ? 'bg-indigo-50 font-medium text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300'
                      : 'text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800',
                  )
                }
              >
                {d.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article>
        {page ? (
          <>
            <h1 className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">{page.title}</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-400">{page.intro}</p>
            <ol className="mt-8 space-y-4">
              {page.steps.map((step, index) => (
                <li key={step} className="flex gap-4">
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white">
                    {index + 1}
                  </span>
                  <p className="pt-0.5 text-slate-700 dark:text-slate-300">{step}</p>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">Page not found</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              There is no documentation page called “{slug}”. Pick one from the list, or visit the{' '}
              <Link to="/help" className="font-medium text-indigo-600 dark:text-indigo-400">
                Help Center
              </Link>
              .
            </p>
          </>
        )}
      </article>
    </div>
  );
}
