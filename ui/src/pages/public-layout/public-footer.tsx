import { Link } from 'react-router-dom';
import { Icon } from '../../components/icon';
import { Logo } from '../../components/logo';
import { NewsletterForm } from '../../features/newsletter/newsletter-form';
import { publicNavGroups } from './public-nav.data';

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_2fr]">
          <div>
            <Logo />
            <p className="mt-4 max-w-sm text-sm text-slate-600 dark:text-slate-400">
              Automate replies to Instagram, Messenger and X comments and DMs — and keep every conversation in one inbox. Self-hostable.
            </p>
            <div className="mt-6">
              <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Stay in the loop</h2>
              <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">New features and automation tips, about once a month.</p>
              <NewsletterForm />
            </div>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {publicNavGroups.map((group) => (
              <div key={group.label}>
                <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{group.label}</h2>
                <ul className="mt-3 space-y-2">
                  {group.items.map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} className="text-sm text-slate-600 hover:text-indigo-600 dark:text-slate-400 dark:hover:text-indigo-300">
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-slate-200 pt-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:text-slate-400">
          <p>© {new Date().getFullYear()} Replypilot. All rights reserved.</p>
          <div className="flex items-center gap-4">
            <span className="inline-flex items-center gap-1.5">
              <Icon name="instagram" size={16} /> Instagram
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Icon name="facebook" size={16} /> Messenger
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Icon name="x-brand" size={16} /> X
            </span>
          </div>
        </div>
      </div>
    </footer>
  );
}
