import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/api';
import { accountChannelName } from '../accounts/account-label';
import { fetchSocialAccounts } from '../accounts/accounts.api';
import { accountKeys } from '../accounts/accounts.keys';
import { fetchFlows } from '../flows/flows.api';
import { useCan } from '../team/use-can';
import { createGrowthLink, deleteGrowthLink, fetchGrowthLinks, growthKeys, qrUrl } from './growth.api';

/**
 * Growth links: ig.me / m.me links with a `ref` (docs/platform-apis.md §1.9) that start a flow with a
 * "Opened from a growth link" trigger and tag the contact; each with its QR code and its starts.
 */
export function GrowthLinksPage() {
  const qc = useQueryClient();
  const canEdit = useCan('flows:write');
  const links = useQuery({ queryKey: growthKeys.links, queryFn: fetchGrowthLinks });
  const accounts = useQuery({ queryKey: accountKeys.social, queryFn: fetchSocialAccounts });
  const flows = useQuery({ queryKey: ['flows'], queryFn: fetchFlows });
  const [draft, setDraft] = useState({ name: '', accountId: '', flowId: '', tag: '' });
  const create = useMutation({
    mutationFn: () => createGrowthLink({ name: draft.name, accountId: draft.accountId, flowId: draft.flowId, tag: draft.tag.trim() || null }),
    onSuccess: () => {
      setDraft({ name: '', accountId: '', flowId: '', tag: '' });
      void qc.invalidateQueries({ queryKey: growthKeys.links });
    },
  });
  const remove = useMutation({ mutationFn: deleteGrowthLink, onSuccess: () => void qc.invalidateQueries({ queryKey: growthKeys.links }) });
  const metaAccounts = (accounts.data ?? []).filter((a) => a.platform === 'instagram' || a.platform === 'facebook');

  return (
    <div>
      <PageHeader
        title="Growth links"
        description="Links and QR codes that open a DM with your account, start a flow and tag the person with where they came from."
      />
      {canEdit && (
        <Card className="mb-6 p-4">
          <form
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate();
            }}
          >
            <TextField
              label="Name"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              placeholder="Poster in the shop"
              required
            />
            <SelectField
              label="Account"
              value={draft.accountId}
              onChange={(e) => setDraft({ ...draft, accountId: e.target.value })}
              options={[
                { value: '', label: 'Pick an account' },
                ...metaAccounts.map((a) => ({ value: a.id, label: `${accountChannelName(a)} · @${a.username}` })),
              ]}
            />
            <SelectField
              label="Flow to start"
              value={draft.flowId}
              onChange={(e) => setDraft({ ...draft, flowId: e.target.value })}
              options={[{ value: '', label: 'Pick a flow' }, ...(flows.data ?? []).map((f) => ({ value: f.id, label: f.name }))]}
            />
            <TextField label="Tag (optional)" value={draft.tag} onChange={(e) => setDraft({ ...draft, tag: e.target.value })} placeholder="from_poster" />
            <Button type="submit" loading={create.isPending} disabled={!draft.name.trim() || !draft.accountId || !draft.flowId}>
              Create link
            </Button>
          </form>
          {create.isError && <p className="mt-2 text-sm text-red-600 dark:text-red-400">{errorMessage(create.error, 'Could not create the link')}</p>}
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            The flow’s trigger must be “Opened from a growth link”. Instagram passes the ref to new conversations only when the account has ice breakers (set
            them on{' '}
            <Link to="/connect-accounts" className="underline">
              Connect Accounts
            </Link>
            , “Ice breakers &amp; menu”). Try a link first in the{' '}
            <Link to="/simulator" className="underline">
              Simulator
            </Link>
            .
          </p>
        </Card>
      )}
      {links.isPending ? (
        <p className="text-sm text-slate-500">Loading links…</p>
      ) : (links.data ?? []).length === 0 ? (
        <Card className="p-6 text-sm text-slate-600 dark:text-slate-400">No growth links yet. Create one above, then share the link or print its QR code.</Card>
      ) : (
        <div className="space-y-3">
          {(links.data ?? []).map((l) => (
            <Card key={l.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <img src={qrUrl(l.id, 'svg')} alt={`QR code for ${l.name}`} className="h-24 w-24 shrink-0 rounded bg-white p-1" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900 dark:text-white">{l.name}</p>
                <p className="truncate text-sm">
                  <a className="text-indigo-700 underline dark:text-indigo-300" href={l.url} target="_blank" rel="noreferrer">
                    {l.url}
                  </a>
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {l.accountLabel} · starts “{l.flowName}”{l.tag ? ` · tags ${l.tag}` : ''}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-3">
                <p className="text-sm text-slate-700 dark:text-slate-300" title="Runs this link started, all time (Analytics shows them per period)">
                  <span className="text-lg font-semibold">{l.starts}</span> {l.starts === 1 ? 'start' : 'starts'}
                  <span className="block text-xs text-slate-500 dark:text-slate-400">all time</span>
                </p>
                <a className="text-sm text-indigo-700 underline dark:text-indigo-300" href={qrUrl(l.id, 'png')} download>
                  PNG
                </a>
                <a className="text-sm text-indigo-700 underline dark:text-indigo-300" href={qrUrl(l.id, 'svg')} download>
                  SVG
                </a>
                {canEdit && (
                  <Button variant="ghost" size="sm" onClick={() => remove.mutate(l.id)}>
                    Delete
                  </Button>
                )}
              </div>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
