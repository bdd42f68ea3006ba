import { useQuery } from '@tanstack/react-query';
import { fetchAiStatus } from './ai.api';
import { aiStatusView, type AiStatusView } from './ai.format';

/** GET /api/ai/gemini/test, shown as the assistant's badge and footer credit. */
export function useAiStatus(): AiStatusView {
  const query = useQuery({ queryKey: ['ai', 'status'], queryFn: fetchAiStatus, staleTime: 60_000 });
  return aiStatusView(query.data, query.isError);
}
