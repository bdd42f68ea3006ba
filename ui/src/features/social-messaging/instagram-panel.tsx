import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { InstagramAccountSummary } from '@contracts/social-accounts';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PlatformIcon } from '../../components/platform-icon';
import { fetchInstagramProfile } from './social-messaging.api';
import { socialMessagingKeys } from './social-messaging.keys';
import { SendForm } from './send-form';

const count = (n: number | null) => (n === null ? '—' : new Intl.NumberFormat().format(n));

/** What send-message and the profile route take as pageId: the linked Page, or the account itself. */
const keyOf = (a: InstagramAccountSummary) => a.pageId ?? a.id;

function ProfileCard({ account }: { account: InstagramAccountSummary }) {
  // Fresh numbers from the Graph API; the copy stored at connect time until then (or if Meta is down).
  const { data } = useQuery({ queryKey: socialMessagingKeys.instagramProfile(keyOf(account)), queryFn: () => fetchInstagramProfile(keyOf(account)) });
  const p = data ?? account;
  const [broken, setBroken] = useState(false);
  return (
    <Card className="flex items-center gap-4 p-4">
      {p.profile_picture_url && !broken ? (
        <img
          src={p.profile_picture_url}
          alt=""
          onError={() => setBroken(true)}
          className="h-12 w-12 shrink-0 rounded-full object-cover"
          referrerPolicy="no-referrer"
        />
      ) : (
        <PlatformIcon platform="instagram" size={48} />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900 dark:text-white">@{p.username}</p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          {p.name ?? 'Instagram business account'} · {account.pageName ? `via ${account.pageName}` : 'Instagram Login'}
        </p>
      </div>
      <dl className="flex shrink-0 gap-4 text-center">
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400">Followers</dt>
          <dd className="font-semibold text-slate-900 dark:text-white">{count(p.followers_count)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500 dark:text-slate-400">Posts</dt>
          <dd className="font-semibold text-slate-900 dark:text-white">{count(p.media_count)}</dd>
        </div>
      </dl>
    </Card>
  );
}

/** Instagram business accounts (picture, @username, name, followers, posts) and the DM form. */
export function InstagramPanel({ accounts }: { accounts: InstagramAccountSummary[] }) {
  if (accounts.length === 0) {
    return (
      <EmptyState
        icon="instagram"
        title="No Instagram business account"
        description="Link an Instagram Business or Creator account to one of your Facebook Pages and connect again, or connect it with Instagram Login from Connect Accounts."
      />
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="ig-accounts-heading" className="space-y-3">
        <h2 id="ig-accounts-heading" className="font-semibold text-slate-900 dark:text-white">
          Instagram business accounts
        </h2>
        <ul className="space-y-3">
          {accounts.map((account) => (
            <li key={account.accountId}>
              <ProfileCard account={account} />
            </li>
          ))}
        </ul>
      </section>
      <SendForm channel="instagram" pages={accounts.map((a) => ({ id: keyOf(a), label: `@${a.username}` }))} />
    </div>
  );
}
