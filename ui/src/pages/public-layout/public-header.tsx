import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/button.styles';
import { Icon } from '../../components/icon';
import { Logo } from '../../components/logo';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { PublicMobileMenu } from './public-mobile-menu';
import { publicNavGroups } from './public-nav.data';
import { PublicNavMenu } from './public-nav-menu';

export function PublicHeader() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const { isAuthenticated } = useCurrentUser();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur-md dark:border-slate-800/70 dark:bg-slate-950/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {publicNavGroups.map((group) => (
            <PublicNavMenu key={group.label} group={group} />
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-2 lg:flex">
          {isAuthenticated ? (
            <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
              Go to Dashboard
              <Icon name="arrow-right" size={16} />
            </Link>
          ) : (
            <>
              <Link to="/login" className={buttonClasses('ghost', 'md')}>
                Sign In
              </Link>
              <Link to="/register" className={buttonClasses('primary', 'md')}>
                Start free
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          onClick={() => setMobileOpen(true)}
          aria-label="Open menu"
          className="ml-auto rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Icon name="menu" />
        </button>
      </div>
      <PublicMobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)} signedIn={isAuthenticated} />
    </header>
  );
}
