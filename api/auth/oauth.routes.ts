import type { NextFunction, Request, Response } from 'express';
import type passport from 'passport';
import type { OAuthStatus } from '../../contracts/auth';
import type { Config } from '../../config/config';
import { oauthRedirectUri } from '../features/social-accounts/meta-connect.routes';
import { publicRouter } from '../http/routers';
import { oauthCallbackUrl } from './passport';
import { saveSessionBeforeResponse } from './session';

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

  for (const provider of ['google', 'facebook'] as const) {
    const start = (req: Request, res: Response, next: NextFunction) => {
      // Not configured: explain what to set up instead of crashing (spec /oauth-setup).
      if (!configured(provider)) return res.redirect(`/oauth-setup?provider=${provider}`);
      passport.authenticate(provider, { scope: scopes[provider], session: true })(req, res, next);
    };
    const callback = (req: Request, res: Response, next: NextFunction) => {
      if (!configured(provider)) return res.redirect(`/oauth-setup?provider=${provider}`);
      passport.authenticate(provider, (err: unknown, user: Express.User | false) => {
        if (err || !user) return res.redirect(`/login?error=${provider}`);
        req.login(user, (loginErr: unknown) => {
          if (loginErr) return next(loginErr);
          res.redirect('/login-success');
        });
      })(req, res, next);
    };
    router.get([`/auth/${provider}`, `/api/auth/${provider}`], saveSessionBeforeResponse, start);
    router.get([`/auth/${provider}/callback`, `/api/auth/${provider}/callback`], callback);

    router.get(`/api/auth/${provider}/status`, (req, res) => {
      const raw = config.oauthRaw;
      const id = provider === 'google' ? raw.googleClientId : raw.facebookAppId;
      const callbackPath = oauthCallbackUrl(config, provider);
      const status: OAuthStatus = {
        provider,
        configured: configured(provider),
        ...(provider === 'google' ? { clientId: truncate(id) } : { appId: truncate(id) }),
        hasSecret: provider === 'google' ? raw.googleSecret : raw.facebookSecret,
        callbackUrl: callbackPath.startsWith('/') ? `${req.protocol}://${req.get('host') ?? ''}${callbackPath}` : callbackPath,
        ...(provider === 'facebook' ? { connectCallbackUrl: oauthRedirectUri(config, req, 'facebook') } : {}),
      };
      res.json(status);
    });
  }
  return router;
}
