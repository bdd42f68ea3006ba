import type { Request, Response } from 'express';
import type passport from 'passport';

function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** req.login regenerates the session id (no fixation) before storing the user. */
export function logIn(req: Request, user: Express.User): Promise<void> {
  return new Promise((resolve, reject) => req.login(user, (err: unknown) => (err ? reject(toError(err)) : resolve())));
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
