import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

/** Spec: with no connected Facebook account the page offers "Connect Facebook & Instagram". */
export function SocialMessagingPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Social Messaging"
        description="Send Messenger and Instagram DMs from your connected Pages."
      />
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
        <Button className="mt-6" disabled>
          <Icon name="facebook" size={16} /> Connect Facebook
        </Button>
        <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
          Facebook connection is part of an upcoming release. Meanwhile you can prepare your Meta app:
        </p>
        <ButtonLink to="/webhook-setup" variant="ghost" size="sm" className="mt-2">
          Webhook setup guide <Icon name="arrow-right" size={14} />
        </ButtonLink>
      </Card>
    </div>
  );
}
