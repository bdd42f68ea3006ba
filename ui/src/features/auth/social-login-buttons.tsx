import type { ReactNode } from 'react';
import { buttonClasses } from '../../components/button.styles';
import { useOAuthStatus } from '../diagnostics/use-oauth-status';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.21 3.31v2.77h3.57c2.08-1.92 3.28-4.74 3.28-8.09z" />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.43.34-2.1V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="#1877F2"
        d="M24 12.073c0-6.627-5.373-12-12-12s-12 5.373-12 12c0 5.99 4.388 10.954 10.125 11.854v-8.385H7.078v-3.47h3.047V9.43c0-3.007 1.792-4.669 4.533-4.669 1.312 0 2.686.235 2.686.235v2.953H15.83c-1.491 0-1.956.925-1.956 1.874v2.25h3.328l-.532 3.47h-2.796v8.385C19.612 23.027 24 18.062 24 12.073z"
      />
    </svg>
  );
}

/**
 * Full-page links: the server starts the OAuth dance. A provider the administrator has not configured
 * is not offered (its button could only lead to a setup page); with neither, the email form is all,
 * and `divider` (the "or sign in with email" line) is left out too.
 */
export function SocialLoginButtons({ divider }: { divider: ReactNode }) {
  const google = useOAuthStatus('google').data?.configured === true;
  const facebook = useOAuthStatus('facebook').data?.configured === true;
  if (!google && !facebook) return null;
  return (
    <>
      <div className={google && facebook ? 'grid gap-3 sm:grid-cols-2' : 'grid gap-3'}>
        {google && <GoogleButton />}
        {facebook && <FacebookButton />}
      </div>
      {divider}
    </>
  );
}

function GoogleButton() {
  return (
    <a href="/auth/google" className={buttonClasses('outline', 'md')}>
      <GoogleMark />
      <span>
        <span className="sr-only">Continue with </span>Google
      </span>
    </a>
  );
}

function FacebookButton() {
  return (
    <a href="/auth/facebook" className={buttonClasses('outline', 'md')}>
      <FacebookMark />
      <span>
        <span className="sr-only">Continue with </span>Facebook
      </span>
    </a>
  );
}
