import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { flowPayload } from '@contracts/growth';
import type { Platform } from '@contracts/platforms';
import type { SimulatedEventAccepted } from '@contracts/simulator';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast/use-toast';
import { apiPost, errorMessage } from '../../lib/api';
import { fetchGrowthLinks, growthKeys } from '../growth/growth.api';
import { MessengerProfileButton } from '../growth/messenger-profile-dialog';
import { fetchIceBreakers, fetchPersistentMenu, profileKeys } from '../growth/messenger-profile.api';
import type { SimContact } from './simulator.api';
import { simulatorKeys } from './simulator.keys';

interface SandboxAccount {
  id: string;
  platform: Platform;
  username: string;
  displayName: string;
}

const TYPED = 'typed';

/**
 * The Simulator's taps and referrals: tap one of the sandbox account's ice breakers or menu items (or
 * any payload), or open one of its entry links, as Meta would deliver them (POST /api/simulator/taps,
 * /referrals); the flow starts and its reply arrives in the outbox like a real one's.
 */
export function TapsAndLinksCard({ account, contact, onUsed }: { account: SandboxAccount; contact: SimContact | null; onUsed: (c: SimContact) => void }) {
  const qc = useQueryClient();
  const { toast } = useToast();
  const ice = useQuery({ queryKey: profileKeys.iceBreakers(account.id), queryFn: () => fetchIceBreakers(account.id) });
  const menu = useQuery({ queryKey: profileKeys.menu(account.id), queryFn: () => fetchPersistentMenu(account.id) });
  const links = useQuery({ queryKey: growthKeys.links, queryFn: fetchGrowthLinks });
  // Every language's items (a web link opens a page, it sends no tap).
  const inLocale = (what: string, locale: string) => (locale === 'default' ? what : `${what} (${locale})`);
  const items = [
    ...(ice.data?.pushed?.locales ?? []).flatMap((l) =>
      l.items.map((i) => ({ kind: inLocale('Ice breaker', l.locale), title: i.question, payload: flowPayload(i.flowId) })),
    ),
    ...(menu.data?.pushed?.locales ?? []).flatMap((l) =>
      l.items.flatMap((i) => (i.type === 'postback' ? [{ kind: inLocale('Menu', l.locale), title: i.title, payload: flowPayload(i.flowId) }] : [])),
    ),
  ];
  const accountLinks = (links.data ?? []).filter((l) => l.accountId === account.id);
  const [picked, setPicked] = useState('');
  const [typed, setTyped] = useState({ title: '', payload: '' });
  const [linkId, setLinkId] = useState('');
  const choice = picked || (items.length > 0 ? '0' : TYPED);
  const tap = choice === TYPED ? typed : items[Number(choice)];
  const link = accountLinks.find((l) => l.id === linkId) ?? accountLinks[0];

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: simulatorKeys.state });
    void qc.invalidateQueries({ queryKey: growthKeys.links });
  };
  const sendTap = useMutation({
    mutationFn: (body: { title: string; payload: string }) =>
      apiPost<SimulatedEventAccepted>('/api/simulator/taps', { accountId: account.id, contact, title: body.title.trim(), payload: body.payload.trim() }),
    onSuccess: (_, body) => {
      toast({
        title: `Tapped “${body.title.trim()}”`,
        description: 'The flow whose tap trigger matches starts; its reply arrives in the outbox, and the run is under Runs.',
        variant: 'success',
      });
      if (contact) onUsed(contact);
      refresh();
    },
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not tap'), variant: 'destructive' }),
  });
  const openLink = useMutation({
    mutationFn: (id: string) => apiPost<SimulatedEventAccepted>('/api/simulator/referrals', { linkId: id, contact }),
    onSuccess: () => {
      toast({
        title: `Opened “${link?.name ?? 'the link'}”`,
        description: `“${link?.flowName ?? 'Its flow'}” starts${link?.tag ? ` and the contact is tagged ${link.tag}` : ''}; the reply arrives in the outbox.`,
        variant: 'success',
      });
      if (contact) onUsed(contact);
      refresh();
    },
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not open the link'), variant: 'destructive' }),
  });
  const noContact = !contact;

  return (
    <Card className="space-y-5 p-5">
      <section aria-labelledby="sim-tap-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="sim-tap-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
            Or tap an ice breaker or menu item
          </h2>
          <MessengerProfileButton account={{ ...account, isSandbox: true }} />
        </div>
        <p className="mt-1 mb-3 text-xs text-slate-500 dark:text-slate-400">
          {items.length > 0
            ? 'The items saved for this sandbox account, or any payload.'
            : 'This sandbox account has no ice breakers or menu yet: type a payload, or set some up.'}
        </p>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <SelectField
            label="What to tap"
            value={choice}
            onChange={(e) => setPicked(e.target.value)}
            options={[...items.map((i, n) => ({ value: String(n), label: `${i.kind}: “${i.title}”` })), { value: TYPED, label: 'Type a payload…' }]}
          />
          <Button
            disabled={noContact || !tap?.title.trim() || !tap.payload.trim()}
            title={noContact ? 'Choose or name a contact first.' : undefined}
            loading={sendTap.isPending}
            onClick={() => tap && sendTap.mutate(tap)}
          >
            Tap
          </Button>
        </div>
        {choice === TYPED && (
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <TextField
              label="Button title"
              value={typed.title}
              maxLength={200}
              placeholder="Show me the menu"
              onChange={(e) => setTyped({ ...typed, title: e.target.value })}
            />
            <TextField
              label="Payload"
              value={typed.payload}
              maxLength={1000}
              placeholder="MENU"
              onChange={(e) => setTyped({ ...typed, payload: e.target.value })}
            />
          </div>
        )}
      </section>
      <section aria-labelledby="sim-link-heading" className="border-t border-slate-200 pt-4 dark:border-slate-800">
        <h2 id="sim-link-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
          Or open an entry link
        </h2>
        {accountLinks.length === 0 ? (
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            No entry link for @{account.username} yet.{' '}
            <Link to="/growth-links" className="font-medium text-indigo-600 underline dark:text-indigo-400">
              Create one on Growth links
            </Link>
            , then open it here as a pretend customer.
          </p>
        ) : (
          <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <SelectField
              label="Entry link"
              value={link?.id ?? ''}
              onChange={(e) => setLinkId(e.target.value)}
              options={accountLinks.map((l) => ({ value: l.id, label: `${l.name} (ref ${l.ref})` }))}
            />
            <Button
              disabled={noContact || !link}
              title={noContact ? 'Choose or name a contact first.' : undefined}
              loading={openLink.isPending}
              onClick={() => link && openLink.mutate(link.id)}
            >
              Open link
            </Button>
          </div>
        )}
      </section>
    </Card>
  );
}
