import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FlowPlatform } from '@contracts/flows';
import type { ClashReport } from '@contracts/keyword-clashes';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { EditorNode } from '../graph/flow-graph';
import { checkFlowClashes } from '../flows.api';
import { flowKeys } from '../flows.keys';

/**
 * The draft trigger's keyword clashes with the workspace's live rules and flows (POST
 * /api/flows/clashes, the check Start makes), asked again when the trigger or the platform changes.
 * null until known.
 */
export function useFlowClashes(flowId: string | null, platform: FlowPlatform, trigger: EditorNode | undefined): ClashReport | null {
  const query = useDebouncedValue(trigger ? { flowId, platform, config: trigger.data.config } : null, 400);
  const result = useQuery({
    queryKey: flowKeys.clashes(query),
    queryFn: () =>
      checkFlowClashes({
        flowId: query!.flowId,
        platform: query!.platform,
        // The trigger alone is what the check reads.
        flowData: {
          nodes: [{ id: 'trigger', type: 'default', position: { x: 0, y: 0 }, data: { label: 'Start', kind: 'trigger', config: query!.config } }],
          edges: [],
        },
      }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  return query ? (result.data ?? null) : null;
}
