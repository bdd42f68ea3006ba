import { useState } from 'react';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { PlatformNotEnabled } from '../accounts/platform-not-enabled';
import { useConnectOptions } from '../accounts/use-connect-options';

/** Full-page redirect to Facebook Login (spec: connection is a full-page redirect). */
export function startFacebookConnect() {
  window.location.assign('/oauth/facebook');
}

/**
 * docs/product-spec.md §2: with no connected Facebook account the page offers "Connect Facebook &
 * Instagram". Where this server has no Meta app, the card says an administrator has to enable it
 * and offers the Simulator instead of a button that cannot work.
 */
export function ConnectFacebookCard() {
  const [opening, setOpening] = useState(false);
  const options = useConnectOptions();
  const enabled = options.canConnect('facebook');
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <div className="mx-auto flex w-fit items-center -space-x-2">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-blue-600 text-white ring-4 ring-white dark:ring-slate-900">
          <Icon name="facebook" size={22} />
        </span>
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-gradient-to-br from-amber-400 via-pink-500 to-violet-600 text-white ring-4 ring-white dark:ring-slate-900">
          <Icon name="instagram" size={22} />
        </span>
      </div>
      <h2 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">Connect Facebook &amp; Instagram</h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Connect a Facebook Page (and the Instagram Business account linked to it) to message customers from here.
      </p>
      {options.isPending ? (
        <Button className="mt-6" disabled>
          <Icon name="facebook" size={16} /> Connect Facebook
        </Button>
      ) : enabled ? (
        <Button
          className="mt-6"
          loading={opening}
          onClick={() => {
            setOpening(true);
            startFacebookConnect();
          }}
        >
          {!opening && <Icon name="facebook" size={16} />} {opening ? 'Opening Authorization...' : 'Connect Facebook'}
        </Button>
      ) : (
        <PlatformNotEnabled platforms={['facebook', 'instagram']} canEnable={options.canEnable} className="mt-6 text-left" />
      )}
      <div>
        <ButtonLink to="/webhook-setup" variant="ghost" size="sm" className="mt-3">
          Webhook setup guide <Icon name="arrow-right" size={14} />
        </ButtonLink>
      </div>
    </Card>
  );
}
