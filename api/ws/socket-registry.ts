import type { WebSocket } from 'ws';
import type { Role } from '../../contracts/permissions';
import type { SessionsEnded } from '../../db/sessions/sessions-ended';
import type { MembershipChange } from '../../db/team/membership-channel';

/** Who an authenticated socket belongs to: its workspace (events) and role there, its session and user. */
export interface SocketOwner {
  workspaceId: string;
  userId: string;
  sid: string;
  role: Role;
}

/** The open, signed-in sockets of this web process. */
export class SocketRegistry {
  private readonly byWorkspace = new Map<string, Set<WebSocket>>();
  private readonly owners = new Map<WebSocket, SocketOwner>();

  add(ws: WebSocket, owner: SocketOwner): void {
    const set = this.byWorkspace.get(owner.workspaceId) ?? new Set();
    set.add(ws);
    this.byWorkspace.set(owner.workspaceId, set);
    this.owners.set(ws, owner);
  }

  remove(ws: WebSocket): void {
    const owner = this.owners.get(ws);
    if (!owner) return;
    this.owners.delete(ws);
    const set = this.byWorkspace.get(owner.workspaceId);
    set?.delete(ws);
    if (set?.size === 0) this.byWorkspace.delete(owner.workspaceId);
  }

  inWorkspace(workspaceId: string): Set<WebSocket> {
    return this.byWorkspace.get(workspaceId) ?? new Set();
  }

  has(ws: WebSocket): boolean {
    return this.owners.has(ws);
  }

  /** The workspace's sockets of everyone but `userId` (a typing notice never returns to the typist's tabs). */
  othersInWorkspace(workspaceId: string, userId: string): WebSocket[] {
    return [...this.inWorkspace(workspaceId)].filter((ws) => this.owners.get(ws)?.userId !== userId);
  }

  entries(): [WebSocket, SocketOwner][] {
    return [...this.owners];
  }

  /** The sockets of that user in that workspace. */
  ofMember(change: MembershipChange): WebSocket[] {
    return [...this.inWorkspace(change.workspaceId)].filter((ws) => this.owners.get(ws)?.userId === change.userId);
  }

  /** The sockets of the sessions that `ended` describes. */
  matching(ended: SessionsEnded): WebSocket[] {
    return this.entries()
      .filter(([, o]) => ('sid' in ended ? o.sid === ended.sid : o.userId === ended.userId && o.sid !== ended.exceptSid))
      .map(([ws]) => ws);
  }
}
