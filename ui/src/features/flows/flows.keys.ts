export const flowKeys = {
  all: ['flows'] as const,
  list: ['flows', 'list'] as const,
  detail: (id: string) => ['flows', 'detail', id] as const,
  testContacts: (id: string) => ['flows', 'test-contacts', id] as const,
  clashes: (query: unknown) => ['flows', 'clashes', query] as const,
};
