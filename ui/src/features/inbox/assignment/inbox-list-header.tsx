import { Button } from '../../../components/button';
import { ConversationFilters } from '../conversation-filters';
import type { ConversationFilters as Filters } from '../inbox.api';
import { AvailabilityToggle } from './availability-toggle';
import { BulkAssignBar } from './bulk-assign-bar';
import { InboxViews } from './inbox-views';

interface InboxListHeaderProps {
  filters: Filters;
  onFilters: (next: Filters) => void;
  /** null: not choosing; else the ticked conversations (bulk assignment). */
  choosing: string[] | null;
  onChoosing: (ids: string[] | null) => void;
  mayAssign: boolean;
}

/** Above the inbox's list: the views (All, Mine, Unassigned), "Select" for bulk assignment, the filters. */
export function InboxListHeader({ filters, onFilters, choosing, onChoosing, mayAssign }: InboxListHeaderProps) {
  return (
    <div>
      <div className="flex items-center gap-2 px-3 pt-3">
        <div className="min-w-0 flex-1">
          <InboxViews value={filters.assignee ?? 'all'} onChange={(assignee) => onFilters({ ...filters, assignee })} />
        </div>
        {mayAssign && choosing === null && (
          <Button size="sm" variant="outline" onClick={() => onChoosing([])}>
            Select
          </Button>
        )}
      </div>
      <AvailabilityToggle />
      {choosing !== null && (
        <div className="mt-2">
          <BulkAssignBar selected={choosing} onDone={() => onChoosing(null)} onCancel={() => onChoosing(null)} />
        </div>
      )}
      <ConversationFilters value={filters} onChange={onFilters} />
    </div>
  );
}
