import { useSearchParams } from 'react-router-dom';
import type { RunStatus } from '@contracts/flows';
import { ButtonLink } from '../../components/button-link';
import { PageHeader } from '../../components/page-header';
import { useFlows } from '../flows/use-flows';
import { RunFilters } from './run-filters';
import { RunList } from './run-list';
import { runStatusList, type RunFilters as Filters } from './runs.helpers';

function readFilters(params: URLSearchParams): Filters {
  const status = params.get('status');
  return {
    flowId: params.get('flowId') ?? undefined,
    status: runStatusList.includes(status as RunStatus) ? (status as RunStatus) : undefined,
  };
}

/** /runs: every flow run of the workspace, newest first, filtered by status and flow (kept in the URL). */
export function RunsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const flows = useFlows();

  function onChange(next: Filters) {
    const search = new URLSearchParams();
    if (next.status) search.set('status', next.status);
    if (next.flowId) search.set('flowId', next.flowId);
    setParams(search, { replace: true });
  }

  return (
    <div>
      <PageHeader
        title="Runs"
        description="Every contact that entered a flow: where each one is now, and what every step did."
        actions={
          <ButtonLink to="/flows" variant="outline" size="sm">
            Flows
          </ButtonLink>
        }
      />
      <RunFilters value={filters} onChange={onChange} flows={flows.data ?? []} />
      <RunList
        filters={filters}
        hrefOf={(run) => `/runs/${run.id}`}
        emptyText={
          filters.status || filters.flowId
            ? 'No run matches these filters.'
            : 'Start a flow and trigger it (or use Test run in the flow editor): its runs show up here.'
        }
      />
    </div>
  );
}
