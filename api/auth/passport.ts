import type pg from 'pg';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { Strategy as GoogleStrategy, type Profile as GoogleProfile } from 'passport-google-oauth20';
import { Strategy as FacebookStrategy, type Profile as FacebookProfile } from 'passport-facebook';
import type { Config } from '../../config/config';
import { verifyPassword } from './password';
import { findOrCreateOAuthUser } from './oauth-users';
import { findUserByEmail, findUserById } from '../../db/auth/users';
import type { SessionCache } from './session-cache';

export interface OAuthEndpoints {
  google?: { authorizationURL?: string; tokenURL?: string; userProfileURL?: string };
  facebook?: { authorizationURL?: string; tokenURL?: string; profileURL?: string };
}

export function oauthCallbackUrl(config: Config, provider: 'google' | 'facebook'): string {
  // Relative when PUBLIC_URL is unset: the strategies resolve it against the request's host.
  return `${config.publicUrl ?? ''}/api/auth/${provider}/callback`;
}

/**
 * Builds a passport instance (not the global singleton, so tests can run several apps). The signed-in
 * user comes from the session cache when it has them (the store's miss path puts them there).
 */
export function createPassport(pool: pg.Pool, config: Config, endpoints: OAuthEndpoints = {}, cache?: SessionCache): passport.PassportStatic {
  const pp = new passport.Passport() as passport.PassportStatic;

  pp.serializeUser((user, done) => done(null, user.id));
  pp.deserializeUser((id: unknown, done) => {
    if (typeof id !== 'string') return done(null, false);
    const cached = cache?.user(id);
    if (cached) return done(null, cached);
    (cache ? cache.loadUser(id, () => findUserById(pool, id)) : findUserById(pool, id)).then(
      (row) => done(null, row ?? false),
      (err: unknown) => done(err),
    );
  });

  pp.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password' }, (email, password, done) => {
      (async () => {
        const row = await findUserByEmail(pool, email);
        const ok = await verifyPassword(row?.passwordHash, password);
        return ok && row ? row : false;
      })().then(
        (user) => done(null, user),
        (err: unknown) => done(err),
      );
    }),
  );

  if (config.google) {
    pp.use(
      new GoogleStrategy(
        {
          clientID: config.google.clientId,
          clientSecret: config.google.clientSecret,
          callbackURL: oauthCallbackUrl(config, 'google'),
          // OAuth `state` kept in the session: a callback we did not start is refused (CSRF).
          state: true,
          proxy: config.trustProxy > 0,
          ...endpoints.google,
        },
        (_at: string, _rt: string, profile: GoogleProfile, done: (err: unknown, user?: Express.User | false) => void) => {
          const email = profile.emails?.find((e) => e.verified)?.value ?? profile.emails?.[0]?.value;
          findOrCreateOAuthUser(
            pool,
            {
              provider: 'google',
              providerId: profile.id,
              email,
              emailVerified: Boolean(profile.emails?.some((e) => e.verified)),
              firstName: profile.name?.givenName ?? profile.displayName ?? null,
              lastName: profile.name?.familyName ?? null,
              profileImageUrl: profile.photos?.[0]?.value ?? null,
            },
            config.trialDays,
          ).then(
            (u) => done(null, u),
            (err: unknown) => done(err),
          );
        },
      ),
    );
  }

  if (config.facebook) {
    pp.use(
      new FacebookStrategy(
        {
          clientID: config.facebook.appId,
          clientSecret: config.facebook.appSecret,
          callbackURL: oauthCallbackUrl(config, 'facebook'),
          profileFields: ['id', 'emails', 'name', 'picture.type(large)'],
          enableProof: true,
          state: true,
          // passport-facebook 3 defaults to Graph v3.2; pin ours (docs/platform-apis.md §7.16).
          graphAPIVersion: config.metaGraphApiVersion,
          proxy: config.trustProxy > 0,
          ...endpoints.facebook,
        },
        (_at: string, _rt: string, profile: FacebookProfile, done: (err: unknown, user?: Express.User | false) => void) => {
          findOrCreateOAuthUser(
            pool,
            {
              provider: 'facebook',
              providerId: profile.id,
              email: profile.emails?.[0]?.value,
              // Facebook only returns confirmed emails.
              emailVerified: Boolean(profile.emails?.[0]?.value),
              firstName: profile.name?.givenName ?? null,
              lastName: profile.name?.familyName ?? null,
              profileImageUrl: profile.photos?.[0]?.value ?? null,
            },
            config.trialDays,
          ).then(
            (u) => done(null, u),
            (err: unknown) => done(err),
          );
        },
      ),
    );
  }

  return pp;
}
