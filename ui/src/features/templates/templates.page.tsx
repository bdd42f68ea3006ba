import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { FlowTemplate } from '@contracts/templates';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { searchTemplates } from './search-templates';
import { TemplateCard } from './template-card';
import { TemplateFiltersBar } from './template-filters';
import { TemplatePreviewDialog } from './template-preview-dialog';
import { TemplatesFaq } from './templates-faq';
import { fetchTemplates, type TemplateFilters } from './templates.api';
import { useActivateTemplate } from './use-activate-template';

const noFilters: TemplateFilters = { category: '', platform: '', difficulty: '' };

/** docs/product-spec.md §2 Templates page: filters on the server, search on the loaded list. */
export function TemplatesPage() {
  const [filters, setFilters] = useState<TemplateFilters>(noFilters);
  const [search, setSearch] = useState('');
  const [previewing, setPreviewing] = useState<FlowTemplate | null>(null);
  const { toast } = useToast();
  const list = useQuery({ queryKey: ['templates', filters], queryFn: () => fetchTemplates(filters), placeholderData: keepPreviousData });
  const activate = useActivateTemplate();
  // The FAQ counts the whole catalogue, whatever the filters (the same query as the unfiltered list).
  const all = useQuery({ queryKey: ['templates', noFilters], queryFn: () => fetchTemplates(noFilters) });
  const builtInCount = all.data ? all.data.templates.filter((t) => t.builtIn).length : null;

  useEffect(() => {
    if (list.isError)
      toast({ title: 'Error Loading Templates', description: errorMessage(list.error, 'Failed to load workflow templates'), variant: 'destructive' });
  }, [list.isError, list.error, toast]);

  const shown = useMemo(() => searchTemplates(list.data?.templates ?? [], search), [list.data, search]);
  const activatingId = activate.isPending ? activate.variables.id : null;
  const filtered = search.trim() !== '' || filters.category !== '' || filters.platform !== '' || filters.difficulty !== '';

  return (
    <div className="space-y-6">
      <PageHeader title="Templates" description="Proven automation flows. Activate one to get an editable draft filled with your business details." />
      <TemplateFiltersBar search={search} onSearch={setSearch} filters={filters} onFilters={setFilters} categories={list.data?.categories ?? []} />
      {list.isPending ? (
        <div className="flex items-center justify-center gap-3 py-16 text-sm text-slate-500 dark:text-slate-400" role="status">
          <Spinner size={20} /> Loading templates...
        </div>
      ) : shown.length === 0 ? (
        <EmptyState
          icon="layers"
          title="No templates found"
          description={filtered ? 'Try another search or clear the filters.' : 'Templates could not be loaded.'}
        >
          {filtered && (
            <Button
              variant="outline"
              onClick={() => {
                setSearch('');
                setFilters(noFilters);
              }}
            >
              Clear filters
            </Button>
          )}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
            {shown.length} {shown.length === 1 ? 'template' : 'templates'}
          </p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                onPreview={() => setPreviewing(template)}
                onActivate={() => activate.mutate(template)}
                activating={activatingId === template.id}
              />
            ))}
          </div>
        </>
      )}
      <TemplatesFaq builtInCount={builtInCount} />
      <TemplatePreviewDialog
        template={previewing}
        onClose={() => setPreviewing(null)}
        onActivate={(template, platform) => activate.mutate({ ...template, platform }, { onSuccess: () => setPreviewing(null) })}
        activating={previewing !== null && activatingId === previewing.id}
      />
    </div>
  );
}
