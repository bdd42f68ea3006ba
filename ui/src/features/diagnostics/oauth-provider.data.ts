export type OAuthProvider = 'google' | 'facebook';

interface ProviderInfo {
  name: string;
  idVar: string;
  secretVar: string;
  consoleName: string;
  consoleUrl: string;
  redirectField: string;
  scopes: string[];
}

export const oauthProviders: Record<OAuthProvider, ProviderInfo> = {
  google: {
    name: 'Google',
    idVar: 'GOOGLE_CLIENT_ID',
    secretVar: 'GOOGLE_CLIENT_SECRET',
    consoleName: 'Google Cloud Console → APIs & Services → Credentials',
    consoleUrl: 'https://console.cloud.google.com/apis/credentials',
    redirectField: 'Authorized redirect URIs (OAuth client of type “Web application”)',
    scopes: ['profile', 'email'],
  },
  facebook: {
    name: 'Facebook',
    idVar: 'FACEBOOK_APP_ID',
    secretVar: 'FACEBOOK_APP_SECRET',
    consoleName: 'Meta for Developers → your app → Facebook Login → Settings',
    consoleUrl: 'https://developers.facebook.com/apps/',
    redirectField: 'Valid OAuth Redirect URIs',
    scopes: ['email', 'public_profile', 'pages_manage_posts', 'pages_messaging', 'instagram_basic', 'instagram_manage_messages'],
  },
};

/** Fallback when the status endpoint cannot be reached: the server's default callback path. */
export function defaultCallbackUrl(provider: OAuthProvider): string {
  return `${window.location.origin}/api/auth/${provider}/callback`;
}
