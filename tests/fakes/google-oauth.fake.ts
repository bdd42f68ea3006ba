import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Contract fake of Google's OAuth 2.0 web-server flow (docs/platform-apis.md §5): the authorization
 * endpoint (consent is automatic: it redirects straight back with a code and the caller's state),
 * the token endpoint (form-encoded, one-time codes, client secret checked) and OpenID userinfo
 * (`sub, name, given_name, family_name, picture, email, email_verified`).
 * Test infrastructure only; never reachable from production config.
 */
export interface GoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  picture: string;
}

export interface GoogleOAuthFake {
  url: string;
  endpoints: { authorizationURL: string; tokenURL: string; userProfileURL: string };
  /** The account the next consent screen "signs in" as. */
  signInAs(user: GoogleUser): void;
  /** Requests the fake received, for assertions. */
  calls: { path: string; params: Record<string, string> }[];
  stop(): Promise<void>;
}

export async function startGoogleOAuthFake(client: { id: string; secret: string }): Promise<GoogleOAuthFake> {
  let current: GoogleUser | undefined;
  const codes = new Map<string, { user: GoogleUser; redirectUri: string }>();
  const tokens = new Map<string, GoogleUser>();
  const calls: GoogleOAuthFake['calls'] = [];

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const params = Object.fromEntries(url.searchParams);
      calls.push({ path: url.pathname, params });
      if (params.client_id !== client.id) return json(400, { error: 'invalid_client' });
      if (params.response_type !== 'code' || !params.redirect_uri) return json(400, { error: 'invalid_request' });
      if (!current) return json(500, { error: 'fake has no signed-in user' });
      const code = randomBytes(8).toString('hex');
      codes.set(code, { user: current, redirectUri: params.redirect_uri });
      const back = new URL(params.redirect_uri);
      back.searchParams.set('code', code);
      if (params.state) back.searchParams.set('state', params.state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        calls.push({ path: url.pathname, params: form });
        const grant = form.code ? codes.get(form.code) : undefined;
        if (form.client_id !== client.id || form.client_secret !== client.secret) return json(401, { error: 'invalid_client' });
        if (form.grant_type !== 'authorization_code' || !grant || grant.redirectUri !== form.redirect_uri) {
          return json(400, { error: 'invalid_grant', error_description: 'Bad Request' });
        }
        codes.delete(form.code!); // codes are single-use
        const accessToken = `ya29.${randomBytes(12).toString('hex')}`;
        tokens.set(accessToken, grant.user);
        json(200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer', scope: 'openid email profile', id_token: 'fake.jwt.sig' });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/oauth2/v3/userinfo') {
      calls.push({ path: url.pathname, params: {} });
      // Google accepts the token as a Bearer header or as ?access_token= (what passport-google-oauth20 2.0 sends).
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '') || (url.searchParams.get('access_token') ?? '');
      const user = tokens.get(token);
      if (!user) return json(401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
      return json(200, { ...user, name: `${user.given_name} ${user.family_name}`, locale: 'en' });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    endpoints: {
      authorizationURL: `${url}/o/oauth2/v2/auth`,
      tokenURL: `${url}/token`,
      userProfileURL: `${url}/oauth2/v3/userinfo`,
    },
    signInAs: (u) => {
      current = u;
    },
    calls,
    stop: () => new Promise((r) => server.close(() => r())),
  };
}
