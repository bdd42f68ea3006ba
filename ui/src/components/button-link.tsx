import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button.styles';

interface ButtonLinkProps {
  to: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
  /**
   * Full-page navigation (plain <a href>) for server routes such as /auth/google or /api/logout,
   * which the SPA router must not intercept.
   */
  external?: boolean;
  newTab?: boolean;
}

export function ButtonLink({ to, variant, size, className, children, external, newTab }: ButtonLinkProps) {
  const classes = buttonClasses(variant, size, className);
  if (external || newTab) {
    return (
      <a href={to} className={classes} {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={classes}>
      {children}
    </Link>
  );
}
