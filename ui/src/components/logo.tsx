import { Link } from 'react-router-dom';
import { cn } from '../lib/cn';

interface LogoProps {
  to?: string;
  className?: string;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
}

export function Logo({ to = '/', className, inverted }: LogoProps) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 rounded-md', className)}>
      <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span className={cn('text-lg font-semibold tracking-tight', inverted ? 'text-white' : 'text-slate-900 dark:text-white')}>Replypilot</span>
    </Link>
  );
}
