import { Button } from '../../components/button';

interface LeadPaginationProps {
  page: number;
  pages: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
}

/** docs/product-spec.md §9: 20 leads a page. */
export function LeadPagination({ page, pages, total, limit, onPage }: LeadPaginationProps) {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <nav className="flex flex-col items-center justify-between gap-3 sm:flex-row" aria-label="Lead pages">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Showing{' '}
        <span className="font-medium text-slate-900 tabular-nums dark:text-white">
          {from.toLocaleString()}–{to.toLocaleString()}
        </span>{' '}
        of <span className="font-medium text-slate-900 tabular-nums dark:text-white">{total.toLocaleString()}</span> leads
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span className="px-2 text-sm text-slate-600 tabular-nums dark:text-slate-400">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
