import type { NextFunction, Request, Response } from 'express';
import type passport from 'passport';
import type { OAuthStatus } from '../../contracts/auth';
import type { Config } from '../../config/config';
import { oauthRedirectUri } from '../features/social-accounts/meta-connect.routes';
import { ownOrigin } from '../http/own-origin';
import { publicRouter } from '../http/routers';
import { oauthCallbackUrl } from './passport';
import { logIn, saveSessionBeforeResponse } from './session';

type Provider = 'google' | 'facebook';

const scopes: Record<Provider, string[]> = {
  google: ['profile', 'email'],
  facebook: ['email', 'public_profile'],
};

function truncate(id: string | undefined): string | null {
  if (!id) return null;
  return id.length <= 12 ? `${id.slice(0, 4)}...` : `${id.slice(0, 12)}...`;
}

export function oauthRoutes(config: Config, passport: passport.PassportStatic) {
  const router = publicRouter();
  const configured = (p: Provider) => (p === 'google' ? Boolean(config.google) : Boolean(config.facebook));
  // PUBLIC_URL's callback, or one on the address the request reached: a relative callbackURL would
  // be resolved against the Host header (api/http/own-origin.ts).
  const callbackURL = (req: Request, p: Provider) => {
    const url = oauthCallbackUrl(config, p);
    return url.startsWith('/') ? `${ownOrigin(config.publicUrl, req)}${url}` : url;
  };

  for (const provider of ['google', 'facebook'] as const) {
    const start = (req: Request, res: Response, next: NextFunction) => {
      // Not configured: explain what to set up instead of crashing (spec /oauth-setup).
      if (!configured(provider)) return res.redirect(`/oauth-setup?provider=${provider}`);
      // passport-oauth2 reads callbackURL from the per-request options too (its types do not list it).
      const options: passport.AuthenticateOptions & { callbackURL: string } = {
        scope: scopes[provider],
        session: true,
        callbackURL: callbackURL(req, provider),
      };
      passport.authenticate(provider, options)(req, res, next);
    };
    const callback = (req: Request, res: Response, next: NextFunction) => {
      if (!configured(provider)) return res.redirect(`/oauth-setup?provider=${provider}`);
      const options: passport.AuthenticateOptions & { callbackURL: string } = { callbackURL: callbackURL(req, provider) };
      passport.authenticate(provider, options, (err: unknown, user: Express.User | false) => {
        if (err || !user) return res.redirect(`/login?error=${provider}`);
        logIn(req, user).then(() => res.redirect('/login-success'), next);
      })(req, res, next);
    };
    router.get([`/auth/${provider}`, `/api/auth/${provider}`], saveSessionBeforeResponse, start);
    router.get([`/auth/${provider}/callback`, `/api/auth/${provider}/callback`], callback);

    router.get(`/api/auth/${provider}/status`, (req, res) => {
      const raw = config.oauthRaw;
      const id = provider === 'google' ? raw.googleClientId : raw.facebookAppId;
      const status: OAuthStatus = {
        provider,
        configured: configured(provider),
        ...(provider === 'google' ? { clientId: truncate(id) } : { appId: truncate(id) }),
        hasSecret: provider === 'google' ? raw.googleSecret : raw.facebookSecret,
        callbackUrl: callbackURL(req, provider),
        ...(provider === 'facebook' ? { connectCallbackUrl: oauthRedirectUri(config, req, 'facebook') } : {}),
      };
      res.json(status);
    });
  }
  return router;
}
