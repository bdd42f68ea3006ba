/**
 * Roles and the ONE permission table (docs/product-spec.md, "Teams"): which roles of a workspace
 * may do what. The server checks it on every signed-in route (api/http/routers.ts: each router and
 * route declares the permission it needs; api/http/route-permissions.int.test.ts walks the app's
 * route table against every role); the UI hides what a role cannot do from the same table
 * (`useCan`, ui/src/features/team/use-can.ts). Roles are data: a new role or a changed right is a
 * change here, and nowhere else.
 */
export const roles = ['owner', 'admin', 'editor', 'agent', 'viewer'] as const;
export type Role = (typeof roles)[number];

/** The roles an invitation or a role change may give; `owner` only by an owner (ownership:transfer). */
export const assignableRoles = ['admin', 'editor', 'agent', 'viewer'] as const satisfies readonly Role[];

export const roleLabels: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  agent: 'Agent',
  viewer: 'Viewer',
};

/** One line per role for the Team page and the invite form. */
export const roleDescriptions: Record<Role, string> = {
  owner: 'Everything, plus billing, ownership transfer and deleting the workspace.',
  admin: 'Members, connected accounts and settings, plus everything an editor does.',
  editor: 'Flows, comment rules, templates, broadcasts, sequences, knowledge and contact imports, plus the inbox.',
  agent: 'The inbox, contacts and leads, and enrolling contacts in sequences.',
  viewer: 'Sees everything, changes nothing.',
};

const everyone: readonly Role[] = roles;
const agents: readonly Role[] = ['owner', 'admin', 'editor', 'agent'];
const editors: readonly Role[] = ['owner', 'admin', 'editor'];
const admins: readonly Role[] = ['owner', 'admin'];
const owners: readonly Role[] = ['owner'];

/**
 * Permission → the roles that hold it, and what it lets one do (the 403 says "Your role (viewer)
 * cannot <does>"). Editors answer the inbox too; admins do what editors do; owners everything.
 */
export const permissionTable = {
  /** Read anything of the workspace (every GET of a feature). */
  'workspace:read': { roles: everyone, does: 'see this workspace' },
  /** One's own account, notifications and workspace list: not a right of the workspace. */
  'account:self': { roles: everyone, does: 'change your own account' },
  'inbox:write': { roles: agents, does: 'reply to or change conversations' },
  'leads:write': { roles: agents, does: 'change leads' },
  'leads:export': { roles: agents, does: 'export leads' },
  'ai:ask': { roles: agents, does: 'ask the AI assistant' },
  'flows:write': { roles: editors, does: 'change flows' },
  'rules:write': { roles: editors, does: 'change comment rules' },
  'templates:write': { roles: editors, does: 'change templates' },
  'broadcasts:write': { roles: editors, does: 'change broadcasts' },
  'sequences:write': { roles: editors, does: 'change sequences' },
  /** One contact into or out of a sequence: a per-contact action from the inbox, like tagging (ADR 0048). */
  'sequences:enroll': { roles: agents, does: 'enrol contacts in sequences' },
  'knowledge:write': { roles: editors, does: 'change the knowledge base' },
  /** A bulk write to the workspace's people (ADR 0044): like a broadcast, an editor's call, not an agent's. */
  'contacts:import': { roles: editors, does: 'import contacts' },
  'simulator:use': { roles: editors, does: 'use the simulator' },
  'accounts:manage': { roles: admins, does: 'connect or remove accounts' },
  'settings:manage': { roles: admins, does: 'change workspace settings' },
  'members:manage': { roles: admins, does: 'manage members' },
  'audit:read': { roles: admins, does: 'read the audit log' },
  'billing:manage': { roles: owners, does: 'change billing' },
  'ownership:transfer': { roles: owners, does: 'transfer ownership' },
} as const satisfies Record<string, { roles: readonly Role[]; does: string }>;

export type Permission = keyof typeof permissionTable;
export const permissions = Object.keys(permissionTable) as Permission[];

export function can(role: Role, permission: Permission): boolean {
  return (permissionTable[permission].roles as readonly Role[]).includes(role);
}

/** The 403 message for a role that lacks a permission. */
export function deniedMessage(role: Role, permission: Permission): string {
  return `Your role (${role}) cannot ${permissionTable[permission].does}`;
}

/** Stronger roles first: sorting members, and "may an admin change this member" (not an owner). */
export const roleRank: Record<Role, number> = { owner: 5, admin: 4, editor: 3, agent: 2, viewer: 1 };
