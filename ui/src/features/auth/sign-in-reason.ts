import { sidebarNav } from '../../app/shell/shell-nav.data';

/** Where a signed-out visitor was going when a guarded route sent them to /login (router state). */
export function signInTarget(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  // Only paths inside the app: never "//host" or a full URL.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/** A person's name for the page behind a path ("the Flow Builder"), for the sign-in notice. */
export function pageNameFor(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? path;
  if (pathname === '/flow-builder' || pathname.startsWith('/flows')) return 'the Flow Builder';
  if (pathname === '/onboarding') return 'your setup';
  const item = sidebarNav.find((i) => pathname === i.to || (i.matchPrefix && pathname.startsWith(i.matchPrefix)));
  return item ? `the ${item.label === 'Inbox' ? 'Unified Inbox' : item.label}` : 'this page';
}
