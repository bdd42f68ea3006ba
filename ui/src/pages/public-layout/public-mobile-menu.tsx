import { Dialog, DialogPanel } from '@headlessui/react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/button.styles';
import { Icon } from '../../components/icon';
import { Logo } from '../../components/logo';
import { publicNavGroups } from './public-nav.data';

interface PublicMobileMenuProps {
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
}

export function PublicMobileMenu({ open, onClose, signedIn }: PublicMobileMenuProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <div className="fixed inset-0 bg-slate-900/30 backdrop-blur-sm" aria-hidden="true" />
      <DialogPanel className="fixed inset-y-0 right-0 flex w-full max-w-sm flex-col overflow-y-auto bg-white px-5 py-4 shadow-xl dark:bg-slate-950">
        <div className="flex items-center justify-between">
          <Logo />
          <button type="button" onClick={onClose} aria-label="Close menu" className="rounded-md p-2 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800">
            <Icon name="x" />
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-6 flex-1 space-y-6">
          {publicNavGroups.map((group) => (
            <div key={group.label}>
              <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{group.label}</p>
              <ul className="mt-2 grid grid-cols-2 gap-1">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      onClick={onClose}
                      className="block rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="mt-6 grid gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          {signedIn ? (
            <Link to="/dashboard" onClick={onClose} className={buttonClasses('primary', 'md')}>
              Go to Dashboard
            </Link>
          ) : (
            <>
              <Link to="/login" onClick={onClose} className={buttonClasses('outline', 'md')}>
                Sign In
              </Link>
              <Link to="/register" onClick={onClose} className={buttonClasses('primary', 'md')}>
                Start free
              </Link>
            </>
          )}
        </div>
      </DialogPanel>
    </Dialog>
  );
}
