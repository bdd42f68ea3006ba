/**
 * One AbortSignal for several: `signal` aborts as soon as any of `sources` does, with that source's
 * reason; `dispose` stops listening (call it when the guarded work ends, so long-lived sources such
 * as a worker's shutdown signal don't collect listeners). `controller` may also be aborted directly
 * (a deadline). Shared by the worker's slow external steps and the guarded HTTP client.
 */
export function linkedAbort(sources: readonly (AbortSignal | undefined)[]): { controller: AbortController; signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const listeners: [AbortSignal, () => void][] = [];
  for (const source of sources) {
    if (!source) continue;
    const onAbort = () => controller.abort(source.reason);
    if (source.aborted) {
      onAbort();
      break;
    }
    source.addEventListener('abort', onAbort, { once: true });
    listeners.push([source, onAbort]);
  }
  return {
    controller,
    signal: controller.signal,
    dispose: () => {
      for (const [source, onAbort] of listeners) source.removeEventListener('abort', onAbort);
    },
  };
}
