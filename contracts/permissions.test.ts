import { expect, it } from 'vitest';
import { assignableRoles, can, deniedMessage, permissionTable, permissions, roleRank, roles } from './permissions';

it('each role holds every permission of the roles below it (owner ⊇ admin ⊇ editor ⊇ agent ⊇ viewer)', () => {
  const byRank = [...roles].sort((a, b) => roleRank[a] - roleRank[b]);
  for (let i = 1; i < byRank.length; i++) {
    for (const p of permissions) if (can(byRank[i - 1]!, p)) expect(can(byRank[i]!, p), `${byRank[i]} lacks ${p}`).toBe(true);
  }
});

it('viewers only read; agents answer the inbox; editors change automation; admins manage; owners own', () => {
  const held = (role: (typeof roles)[number]) => permissions.filter((p) => can(role, p));
  expect(held('viewer')).toEqual(['workspace:read', 'account:self']);
  expect(held('agent')).toEqual(['workspace:read', 'account:self', 'inbox:write', 'leads:write', 'leads:export', 'ai:ask', 'sequences:enroll']);
  expect(held('editor').filter((p) => !can('agent', p))).toEqual([
    'flows:write',
    'rules:write',
    'templates:write',
    'broadcasts:write',
    'sequences:write',
    'knowledge:write',
    'contacts:import',
    'simulator:use',
  ]);
  expect(held('admin').filter((p) => !can('editor', p))).toEqual(['accounts:manage', 'settings:manage', 'members:manage', 'audit:read']);
  expect(held('owner').filter((p) => !can('admin', p))).toEqual(['billing:manage', 'ownership:transfer']);
});

it('every permission names what it allows, for the 403', () => {
  for (const p of permissions) expect(permissionTable[p].does).toMatch(/^[a-z]/);
  expect(deniedMessage('viewer', 'flows:write')).toBe('Your role (viewer) cannot change flows');
  expect(assignableRoles).not.toContain('owner');
});
