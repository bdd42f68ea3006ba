import { Link } from 'react-router-dom';
import { code, SetupGuide } from './setup-guide';

const origin = typeof window === 'undefined' ? '' : window.location.origin;

/** /facebook/setup: what a server needs before Instagram and Messenger accounts can connect (docs/platform-apis.md §2). */
export function FacebookSetupPage() {
  return (
    <SetupGuide
      icon="facebook"
      title="Set up Facebook & Instagram"
      intro="Instagram and Messenger accounts connect through a Meta app that belongs to whoever runs this server. Until it exists, the sandbox accounts let you try every automation."
      steps={[
        { title: 'Create a Meta app', body: <>At developers.facebook.com create a Business app and add Facebook Login, Messenger and Instagram Graph API.</> },
        {
          title: 'Give this server its keys',
          body: (
            <>
              Set {code('FACEBOOK_APP_ID')} and {code('FACEBOOK_APP_SECRET')} (and, for Instagram Login, {code('INSTAGRAM_APP_ID')} /{' '}
              {code('INSTAGRAM_APP_SECRET')}) in the server's environment and restart it.
            </>
          ),
        },
        { title: 'Allow the redirect address', body: <>Add {code(`${origin}/oauth/facebook/callback`)} to the app's Valid OAuth Redirect URIs.</> },
        {
          title: 'Subscribe the webhook',
          body: (
            <>
              The callback address and verify token are on the{' '}
              <Link to="/webhook-setup" className="text-indigo-600 underline dark:text-indigo-400">
                webhook setup page
              </Link>
              ; subscribe to messages, messaging_postbacks and comments.
            </>
          ),
        },
        { title: 'Use a Business or Creator account', body: 'Instagram messaging works only for professional accounts linked to a Facebook Page you manage.' },
      ]}
    />
  );
}
