import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiResources, createApiKeyBodySchema, scopesForRole, type ApiKey, type ApiScope, type NewApiKey } from '@contracts/api-keys';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ShownOnceSecretDialog } from '../../components/shown-once-secret-dialog';
import { CheckboxField } from '../../components/checkbox-field';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { apiGet, apiRequest, errorMessage } from '../../lib/api';
import { formatListTime } from '../../lib/format-time';
import { useCurrentUser } from '../auth/use-current-user';
import { useCan } from '../team/use-can';
import { SettingsSection } from './settings-section';

const KEY = ['/api/api-keys'] as const;

/**
 * Settings → API keys (docs/api.md): named keys with scopes for /api/v1 and the shop's conversions
 * call, shown once when made, revocable, with their last use. Owners and admins only (settings:manage);
 * the scopes offered are the ones the member's role may give (contracts/api-keys.ts).
 */
export function ApiKeysSection() {
  const canManage = useCan('settings:manage');
  const client = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => apiGet<ApiKey[]>('/api/api-keys'), enabled: canManage });
  const [shown, setShown] = useState<NewApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/api-keys/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
  if (!canManage) return null;
  return (
    <SettingsSection
      id="api-keys"
      icon="shield"
      title="API keys"
      description="Keys let your own systems use the public API and report sales. Each key has only the scopes you give it and is limited per minute."
    >
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        See the{' '}
        <Link to="/api-docs" className="font-medium text-indigo-600 dark:text-indigo-400">
          API reference
        </Link>{' '}
        to try a key.
      </p>
      {query.data ? (
        <KeyList keys={query.data} onRevoke={(id) => revoke.mutate(id)} revoking={revoke.isPending ? revoke.variables : undefined} />
      ) : query.isError ? (
        <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(query.error, 'Could not load the API keys')}</p>
      ) : (
        <Spinner className="text-indigo-600" label="Loading API keys" />
      )}
      {revoke.isError && <p className="mt-2 text-sm text-red-600 dark:text-red-400">{errorMessage(revoke.error, 'Not revoked. Please try again.')}</p>}
      <CreateKeyForm
        onCreated={(k) => {
          setShown(k);
          void client.invalidateQueries({ queryKey: KEY });
        }}
      />
      {shown && (
        <ShownOnceSecretDialog
          title={`Your new key “${shown.name}”`}
          secret={shown.key}
          testId="new-api-key"
          footnote={`Scopes: ${shown.scopes.join(', ')}`}
          onClose={() => setShown(null)}
        >
          Copy it now: it is shown only this once. Only a hash of it is stored.
        </ShownOnceSecretDialog>
      )}
    </SettingsSection>
  );
}

function KeyList({ keys, onRevoke, revoking }: { keys: ApiKey[]; onRevoke: (id: string) => void; revoking: string | undefined }) {
  if (keys.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">No API keys yet.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {keys.map((k) => (
        <li key={k.id} className="flex flex-wrap items-center gap-3 p-3">
          <div className="min-w-0 flex-1">
            <div className="flex items-center gap-2">
              <span className="font-medium text-slate-900 dark:text-white">{k.name}</span>
              <code className="text-xs text-slate-500 dark:text-slate-400">{k.prefix}…</code>
              {k.revokedAt && <Badge tone="neutral">Revoked</Badge>}
            </div>
            <p className="mt-1 text-xs break-words text-slate-500 dark:text-slate-400">{k.scopes.join(', ')}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Created {formatListTime(k.createdAt)} · {k.lastUsedAt ? `last used ${formatListTime(k.lastUsedAt)}` : 'never used'}
              {k.revokedAt && ` · revoked ${formatListTime(k.revokedAt)}`}
            </p>
          </div>
          {!k.revokedAt && (
            <Button
              size="sm"
              variant="outline"
              loading={revoking === k.id}
              onClick={() => {
                if (window.confirm(`Revoke "${k.name}"? Anything using it stops working at once.`)) onRevoke(k.id);
              }}
            >
              Revoke
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (k: NewApiKey) => void }) {
  const { user } = useCurrentUser();
  const allowed = new Set<ApiScope>(user ? scopesForRole(user.role) : []);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<ApiScope>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string; scopes: ApiScope[] }) => apiRequest<NewApiKey>('POST', '/api/api-keys', body),
    onSuccess: (k) => {
      setName('');
      setScopes(new Set());
      onCreated(k);
    },
  });
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((s) => {
      const next = new Set(s);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createApiKeyBodySchema.safeParse({ name, scopes: [...scopes] });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    create.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} className="mt-5 space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800" noValidate>
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">New key</h3>
      <TextField label="Name" placeholder="e.g. Shopify store, Zapier" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Scopes</legend>
        <div className="grid grid-cols-1 gap-x-8 gap-y-1.5 sm:grid-cols-2">
          {apiResources.map((resource) => (
            <div key={resource} className="flex items-center gap-3">
              <span className="w-32 text-sm text-slate-700 capitalize dark:text-slate-300">{resource}</span>
              {(['read', 'write'] as const).map((access) => {
                const scope = `${resource}:${access}` as ApiScope;
                if (!allowed.has(scope)) return null;
                return (
                  <CheckboxField key={scope} name={scope} ariaLabel={scope} label={access} checked={scopes.has(scope)} onChange={(on) => toggle(scope, on)} />
                );
              })}
            </div>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" loading={create.isPending}>
          Create key
        </Button>
        <span aria-live="polite" className="text-sm text-red-600 dark:text-red-400">
          {error ?? (create.isError ? errorMessage(create.error, 'Not created. Please try again.') : '')}
        </span>
      </div>
    </form>
  );
}
