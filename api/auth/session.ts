import type { NextFunction, Request, Response } from 'express';
import type passport from 'passport';

declare module 'express-session' {
  interface SessionData {
    /** When this session signed in (ms since the epoch): a fresh sign-in stands in for a password (account deletion). */
    signedInAt?: number;
  }
}

function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * req.login regenerates the session id (no fixation) before storing the user; the session notes when.
 * The new session acts in the user's default workspace from now on (ADR 0038): a switch on another
 * device moves the default, not this session.
 */
export function logIn(req: Request, user: Express.User): Promise<void> {
  return new Promise((resolve, reject) =>
    req.login(user, (err: unknown) => {
      if (err) return reject(toError(err));
      req.session.workspaceId = user.workspaceId;
      req.session.signedInAt = Date.now();
      resolve();
    }),
  );
}

/** Signs out and deletes this browser's session row and cookie. */
export function destroySession(req: Request, res: Response, cookieName: string): Promise<void> {
  return new Promise((resolve) => {
    req.logout(() => {
      if (!req.session) return resolve();
      req.session.destroy(() => {
        res.clearCookie(cookieName, { path: '/' });
        resolve();
      });
    });
  });
}

/** passport-local's check of email + password, as a promise: the user, or false. */
export function checkCredentials(pp: passport.PassportStatic, req: Request, res: Response): Promise<Express.User | false> {
  return new Promise((resolve, reject) => {
    pp.authenticate('local', { session: false }, (err: unknown, user: Express.User | false) => (err ? reject(toError(err)) : resolve(user)))(
      req,
      res,
      (err?: unknown) => reject(toError(err)),
    );
  });
}

/**
 * For a route whose redirect starts an OAuth round trip with its state kept in the session:
 * express-session stores a changed session when the response ends, but flushes the headers first,
 * so the redirect's Location can reach the browser before the state is stored. A provider that
 * answers at once (consent given before, or the contract fakes) then brings the callback before it
 * exists ("did not start here"). Here the response ends only once the session is saved.
 */
export function saveSessionBeforeResponse(req: Request, res: Response, next: NextFunction): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    res.end = end as Response['end'];
    if (!req.session) return end(...args);
    req.session.save((err: unknown) => (err ? next(toError(err)) : end(...args)));
    return res;
  }) as Response['end'];
  next();
}
