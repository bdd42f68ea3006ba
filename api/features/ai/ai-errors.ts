import { AiFailure } from '../../../integrations/ai/ai-failure';
import { AppError } from '../../http/errors';

/**
 * A provider failure as the API answers it (docs/product-spec.md §8): 503 'AI Service Unavailable'
 * (refused, down, out of quota) or 504 'Connection Issue' (timeout, network), the plain-words
 * reason in `details`. Anything else passes through unchanged.
 */
export function asAppError(err: unknown): unknown {
  if (!(err instanceof AiFailure)) return err;
  return new AppError(err.kind === 'unavailable' ? 'UNAVAILABLE' : 'UPSTREAM_TIMEOUT', err.message, err.detail);
}
