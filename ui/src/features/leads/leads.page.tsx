import { useState } from 'react';
import { buttonClasses } from '../../components/button.styles';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { AddLeadDialog } from './add-lead-dialog';
import { ImportContactsDialog } from './import-contacts-dialog';
import { LeadFilters } from './lead-filters';
import { LeadList } from './lead-list';
import { LeadPagination } from './lead-pagination';
import { LeadStats } from './lead-stats';
import { LeadSummaryCards } from './lead-summary-cards';
import { exportUrl, type LeadQuery } from './leads.api';
import { useCan } from '../team/use-can';
import { ViewOnly } from '../team/view-only';
import { useLeads } from './use-leads';

type Filters = Omit<LeadQuery, 'page' | 'after' | 'before'>;
/** The page shown: its number, and the cursor that reads it (none for page 1 or a page picked by number). */
type Position = Pick<LeadQuery, 'page' | 'after' | 'before'>;

/** /leads (/sales-leads redirects here; docs/product-spec.md §2 Sales Leads): stats, filters, list, pages of 20, add and export. */
export function LeadsPage() {
  const [filters, setFilters] = useState<Filters>({ status: 'all', source: 'all', search: '' });
  const [position, setPosition] = useState<Position>({ page: 1 });
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const search = useDebouncedValue(filters.search, 250);
  const query = { ...filters, search, ...position };
  const leads = useLeads(query);
  const data = leads.data;
  const filtered = filters.status !== 'all' || filters.source !== 'all' || search.trim() !== '';
  const changeFilters = (next: Filters) => {
    setFilters(next);
    setPosition({ page: 1 });
  };
  // Next and Previous follow the answer's keyset cursors, so a deep page costs what the first does;
  // page 1, or a click while the shown page is still the previous answer, goes by number.
  const goToPage = (page: number) => {
    const p = leads.isPlaceholderData ? undefined : data?.pagination;
    if (page > 1 && p && page === position.page + 1 && p.nextCursor) setPosition({ page, after: p.nextCursor });
    else if (page > 1 && p && page === position.page - 1 && p.prevCursor) setPosition({ page, before: p.prevCursor });
    else setPosition({ page });
  };

  const canEdit = useCan('leads:write');
  const canExport = useCan('leads:export');
  const canImport = useCan('contacts:import');
  return (
    <div className="space-y-6">
      <PageHeader
        title="Sales Leads"
        description="People your automations identified as potential customers."
        actions={
          <>
            <ViewOnly permission="leads:write" />
            {canExport && (
              <a href={exportUrl({ ...filters, search })} download className={buttonClasses('outline')}>
                <Icon name="file" size={16} /> Export
              </a>
            )}
            {canImport && (
              <Button variant="outline" onClick={() => setImporting(true)}>
                <Icon name="users" size={16} /> Import contacts
              </Button>
            )}
            {canEdit && (
              <Button onClick={() => setAdding(true)}>
                <Icon name="plus" size={16} /> Add Lead
              </Button>
            )}
          </>
        }
      />
      <LeadSummaryCards />
      <LeadStats counts={data?.counts} active={filters.status} onSelect={(status) => changeFilters({ ...filters, status })} />
      <LeadFilters value={filters} onChange={changeFilters} />
      {leads.isPending ? (
        <Card className="flex items-center justify-center gap-2 py-16 text-sm text-slate-500 dark:text-slate-400">
          <Spinner size={16} /> Loading leads...
        </Card>
      ) : leads.isError ? (
        <Card className="py-12 text-center text-sm text-red-600 dark:text-red-400" role="alert">
          Failed to fetch leads
        </Card>
      ) : data && data.leads.length > 0 ? (
        <>
          <LeadList leads={data.leads} />
          <LeadPagination {...data.pagination} onPage={goToPage} />
        </>
      ) : filtered ? (
        <EmptyState icon="search" title="No leads match" description="Try another status, source or search.">
          <Button variant="outline" onClick={() => changeFilters({ status: 'all', source: 'all', search: '' })}>
            Clear filters
          </Button>
        </EmptyState>
      ) : (
        <EmptyState
          icon="users"
          title="No leads yet"
          description="A lead appears here when a comment rule replies to someone, or when a comment or DM asks about prices, buying or booking. You can also add one by hand, or import the contacts you already have."
        >
          {canEdit && (
            <Button onClick={() => setAdding(true)}>
              <Icon name="plus" size={16} /> Add Lead
            </Button>
          )}
        </EmptyState>
      )}
      <AddLeadDialog open={adding} onClose={() => setAdding(false)} />
      <ImportContactsDialog open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}
