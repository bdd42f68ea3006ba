import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for a named export: pages keep "one main export per file" and each page module still
 * becomes its own chunk, so the landing bundle does not carry the signed-in tools.
 */
export function lazyPage<K extends string, P extends object>(
  loader: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await loader())[name] }));
}
