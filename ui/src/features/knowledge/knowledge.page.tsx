import { useState } from 'react';
import type { KnowledgeEntry, KnowledgeKind, KnowledgeVisibility } from '@contracts/knowledge';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { inputClasses } from '../../components/input.styles';
import { errorMessage } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { EntryDialog } from './entry-dialog';
import { EntryList } from './entry-list';
import { KindTabs } from './kind-tabs';
import { kindMeta } from './kind-meta';
import { useKnowledge } from './use-knowledge';
import { VisibilityNotice, VisibilityTabs } from './visibility';
import { useCan } from '../team/use-can';
import { ViewOnly } from '../team/view-only';
import { WebsiteScanCard } from './website-scan-card';

/** The knowledge base: what the AI assistant answers customers from. */
export function KnowledgePage() {
  const [kind, setKind] = useState<KnowledgeKind | null>(null);
  const [visibility, setVisibility] = useState<KnowledgeVisibility | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ entry: KnowledgeEntry | null } | null>(null);
  const q = useDebouncedValue(search, 250);
  const list = useKnowledge({ kind, visibility, q, page });
  const data = list.data;
  const nothingYet = data !== undefined && !q.trim() && !visibility && Object.values(data.counts).every((n) => n === 0);

  const changeKind = (k: KnowledgeKind | null) => {
    setKind(k);
    setPage(1);
  };
  const canEdit = useCan('knowledge:write');
  const addButton = canEdit ? (
    <Button onClick={() => setDialog({ entry: null })}>
      <Icon name="plus" size={16} /> Add entry
    </Button>
  ) : (
    <ViewOnly permission="knowledge:write" />
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Knowledge Base"
        description="What your AI assistant knows about your business. It answers your own questions from every entry, and customers' questions from public entries only."
        actions={addButton}
      />
      <VisibilityNotice counts={nothingYet ? undefined : data?.visibilityCounts} />
      {canEdit && <WebsiteScanCard />}
      {list.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner size={16} /> Loading your knowledge base…
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorMessage(list.error, 'Could not load the knowledge base.')}
        </p>
      ) : nothingYet ? (
        <EmptyState
          icon="book"
          title="Your knowledge base is empty"
          description="Add your offers and prices, answers to common questions, policies and testimonials. The AI assistant answers you from all of them and customers from the public ones, and never makes up a price or policy that isn't here. Scan your website above to start in seconds."
        >
          {addButton}
        </EmptyState>
      ) : (
        <section aria-label="Entries" className="space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="relative sm:w-80">
              <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-400">
                <Icon name="search" size={16} />
              </span>
              <input
                type="search"
                aria-label="Search the knowledge base"
                placeholder="Search entries"
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(1);
                }}
                className={inputClasses(false, 'pl-9')}
              />
            </div>
            <VisibilityTabs
              value={visibility}
              counts={data?.visibilityCounts}
              onChange={(v) => {
                setVisibility(v);
                setPage(1);
              }}
            />
          </div>
          <KindTabs value={kind} counts={data?.counts} onChange={changeKind} />
          {data && data.entries.length > 0 ? (
            <EntryList entries={data.entries} onEdit={(entry) => setDialog({ entry })} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
              {q.trim()
                ? `No entries match “${q.trim()}”.`
                : `No ${visibility ? `${visibility} ` : ''}${kind ? kindMeta[kind].plural.toLowerCase() : 'entries'} yet.`}
            </p>
          )}
          {data && data.pagination.pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-between text-sm text-slate-600 dark:text-slate-400">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <span>
                Page {data.pagination.page} of {data.pagination.pages} · {data.pagination.total} entries
              </span>
              <Button variant="outline" size="sm" disabled={page >= data.pagination.pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </nav>
          )}
        </section>
      )}
      {dialog && <EntryDialog entry={dialog.entry} initialKind={kind ?? 'faq'} onClose={() => setDialog(null)} />}
    </div>
  );
}
