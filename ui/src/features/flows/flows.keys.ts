export const flowKeys = {
  all: ['flows'] as const,
  list: ['flows', 'list'] as const,
  detail: (id: string) => ['flows', 'detail', id] as const,
  validation: (structure: string) => ['flows', 'validate', structure] as const,
  testContacts: (id: string) => ['flows', 'test-contacts', id] as const,
};
