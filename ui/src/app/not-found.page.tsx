import { ButtonLink } from '../components/button-link';
import { Icon } from '../components/icon';

export function NotFoundPage() {
  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center px-6 text-center">
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Page Not Found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">The page you're looking for doesn't exist.</p>
      <ButtonLink to="/" className="mt-8">
        <Icon name="arrow-left" size={16} />
        Go Home
      </ButtonLink>
    </div>
  );
}
