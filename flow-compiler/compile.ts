import { DEFAULT_EXIT, type ExecutionPlan, type PlanNode } from '../contracts/execution-plan';
import {
  branchLabel,
  durationMs,
  handlesOf,
  nodeConfigSchemas,
  nodeKindInfo,
  nodeKinds,
  type FlowError,
  type FlowGraph,
  type FlowNode,
  type FlowPlatform,
  type NodeKind,
} from '../contracts/flows';
import { replyOptionsErrors, type DmConfig } from './reply-options-check';
import { MESSAGING_WINDOW_HOURS, MESSAGING_WINDOW_MS, PRIVATE_REPLY_WINDOW_DAYS, PRIVATE_REPLY_WINDOW_MS } from '../contracts/platform-windows';

export type CompileResult = { ok: true; plan: ExecutionPlan; errors: [] } | { ok: false; errors: FlowError[] };

const dmKinds = new Set<NodeKind>(['instagramDM', 'messengerDM', 'twitterDM']);
const metaDmKinds = new Set<NodeKind>(['instagramDM', 'messengerDM']);

/**
 * Builder graph → immutable ExecutionPlan, or every problem found, each naming its node (design
 * record §3). Pure: same graph, same answer.
 */
export function compile(graph: FlowGraph, platform: FlowPlatform = 'multi'): CompileResult {
  const errors: FlowError[] = [];
  const err = (nodeId: string | null, code: FlowError['code'], message: string, edgeId?: string | null) =>
    errors.push(edgeId === undefined ? { nodeId, code, message } : { nodeId, edgeId, code, message });

  // 1. Every node: a known kind and a valid configuration.
  const kinds = new Map<string, NodeKind>();
  const configs = new Map<string, unknown>();
  const seenIds = new Set<string>();
  for (const node of graph.nodes) {
    if (seenIds.has(node.id)) {
      err(node.id, 'invalid_config', `Two nodes share the id "${node.id}"`);
      continue;
    }
    seenIds.add(node.id);
    const kind = kindOf(node);
    if (!kind) {
      err(node.id, 'unknown_kind', `"${node.data.label || node.id}" is not a known node type`);
      continue;
    }
    kinds.set(node.id, kind);
    const parsed = nodeConfigSchemas[kind].safeParse(node.data.config);
    if (parsed.success) configs.set(node.id, parsed.data);
    else {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      err(node.id, 'invalid_config', `${labelOf(node, kind)}: ${where}${issue?.message ?? 'invalid configuration'}`);
    }
  }

  // 2. Exactly one trigger.
  const triggers = [...kinds].filter(([, k]) => k === 'trigger').map(([id]) => id);
  if (triggers.length === 0) err(null, 'no_trigger', 'Add a Trigger node: every flow starts with one');
  for (const id of triggers.slice(1)) err(id, 'multiple_triggers', 'A flow has exactly one Trigger; remove this one');
  const triggerId = triggers[0] ?? null;

  // 3. Edges: both ends exist, exits named as the kind expects, one edge per exit.
  const next = new Map<string, Record<string, string | null>>();
  for (const id of kinds.keys()) next.set(id, {});
  graph.edges.forEach((edge, i) => {
    const edgeId = edge.id ?? `e${i}`;
    const sourceKind = kinds.get(edge.source);
    if (!seenIds.has(edge.source) || !seenIds.has(edge.target)) {
      const missing = !seenIds.has(edge.source) ? edge.source : edge.target;
      err(seenIds.has(edge.source) ? edge.source : null, 'dangling_edge', `A connection points at node "${missing}", which does not exist`, edgeId);
      return;
    }
    if (!sourceKind || !kinds.has(edge.target)) return; // already reported as unknown_kind
    if (kinds.get(edge.target) === 'trigger') {
      err(edge.target, 'trigger_has_input', 'Nothing can connect into the Trigger: it is where the flow starts', edgeId);
      return;
    }
    const expected = handlesOf(sourceKind, configs.get(edge.source) ?? nodeConfigOf(graph, edge.source));
    const exit = expected === null ? DEFAULT_EXIT : (edge.sourceHandle ?? '');
    if (expected !== null && !expected.includes(exit)) {
      err(
        edge.source,
        'unknown_branch',
        expected.length === 0 ? 'Complete ends the flow: remove its outgoing connection' : `Connect from one of this node's branches (${expected.join(', ')})`,
        edgeId,
      );
      return;
    }
    const exits = next.get(edge.source)!;
    if (exits[exit] !== undefined) {
      err(
        edge.source,
        'multiple_exits',
        expected === null ? 'This node connects to two next steps; keep one' : `Branch "${exit}" connects to two next steps; keep one`,
        edgeId,
      );
      return;
    }
    exits[exit] = edge.target;
  });

  // 4. Branching nodes have every branch connected.
  for (const [id, kind] of kinds) {
    const expected = handlesOf(kind, configs.get(id));
    if (!expected || expected.length === 0) continue;
    const missing = expected.filter((h) => next.get(id)![h] === undefined);
    if (missing.length > 0) {
      err(id, 'missing_branch', `The ${branchNames(kind, missing)} ${missing.length === 1 ? 'branch is' : 'branches are'} not connected`);
    }
  }

  // 5. Reachable from the trigger.
  if (triggerId) {
    const reached = new Set<string>([triggerId]);
    const queue = [triggerId];
    while (queue.length > 0) {
      for (const target of Object.values(next.get(queue.shift()!) ?? {})) {
        if (target && !reached.has(target)) {
          reached.add(target);
          queue.push(target);
        }
      }
    }
    for (const id of seenIds) {
      // An unknown or extra trigger node is already reported; "unreachable" would only add noise.
      if (!reached.has(id) && kinds.has(id) && kinds.get(id) !== 'trigger') err(id, 'unreachable', 'Not connected to the Trigger: this step would never run');
    }
  }

  // 6. A loop must pause (a delay above 0 or a wait for reply), or it would spin forever.
  for (const id of cycleWithoutPause(kinds, configs, next)) {
    err(id, 'cycle_without_wait', 'This loop has no Delay or Wait for Reply in it, so it would repeat without end');
  }

  // 7. A keyword DM trigger needs a keyword: without one it would start the flow for every DM the
  // account gets (a customer's reply to anything included), which is never what "Keyword in a DM" means.
  const trigger = triggerId ? (configs.get(triggerId) as ExecutionPlan['trigger'] | undefined) : undefined;
  if (triggerId && trigger?.type === 'keyword_dm' && trigger.keywords.length === 0) {
    err(triggerId, 'trigger_needs_keywords', 'Add at least one keyword: without one, this flow would start for every DM the account receives');
  }
  // Ice breakers, menus and ref links exist on Instagram and Messenger only (docs/platform-apis.md §1.9, §2.12).
  if (triggerId && (trigger?.type === 'postback' || trigger?.type === 'referral') && platform === 'twitter') {
    err(
      triggerId,
      'trigger_needs_meta',
      trigger.type === 'postback'
        ? 'Ice breakers and menus exist on Instagram and Messenger only: make this an Instagram or multi-platform flow'
        : 'Growth links (ig.me / m.me) exist on Instagram and Messenger only: make this an Instagram or multi-platform flow',
    );
  }

  // Live comments come from Instagram Live only (docs/platform-apis.md §1.6).
  if (triggerId && trigger?.type === 'comment' && trigger.commentsOn === 'live' && platform === 'twitter') {
    err(triggerId, 'trigger_needs_meta', 'Live comments come from Instagram Live: make this an Instagram or multi-platform flow');
  }

  // 8. Channels and the platforms' messaging windows.
  for (const [id, kind] of kinds) {
    if (kind === 'publicReply' && trigger && trigger.type !== 'comment') {
      err(id, 'public_reply_needs_comment', 'A public reply answers a comment: use it in a flow whose trigger is a comment');
    }
    // Only Instagram's User Profile API says whether a person follows (docs/platform-apis.md §2.13).
    if (kind === 'followGate' && platform !== 'instagram') err(id, 'channel_mismatch', followGateOnlyOnInstagram(platform));
    if (dmKinds.has(kind)) {
      const channelPlatform = nodeKindInfo[kind].platform;
      const clash = (platform === 'twitter' && channelPlatform !== 'twitter') || (platform === 'instagram' && channelPlatform === 'twitter');
      if (clash) err(id, 'channel_mismatch', `${nodeKindInfo[kind].label} can't send in a ${platform === 'twitter' ? 'Twitter' : 'Instagram'} flow`);
    }
  }
  if (triggerId && trigger) {
    // Meta's windows (contracts/platform-windows.ts): a comment's private reply, or the messaging window after the contact's last message.
    const windowMs = trigger.type === 'comment' ? PRIVATE_REPLY_WINDOW_MS : MESSAGING_WINDOW_MS;
    const elapsed = longestQuietTime(triggerId, kinds, configs, next, windowMs);
    for (const [id, kind] of kinds) {
      // An AI reply's answer is a DM on the run's own channel: on Meta, the same window applies.
      const metaDm =
        metaDmKinds.has(kind) || ((kind === 'aiReply' || kind === 'askQuestion' || kind === 'followGate' || kind === 'bookTime') && platform !== 'twitter');
      if (metaDm && (elapsed.get(id) ?? 0) > windowMs) {
        err(
          id,
          'outside_window',
          trigger.type === 'comment'
            ? `This message would go out more than ${PRIVATE_REPLY_WINDOW_DAYS} days after the comment, when Meta no longer allows a private reply`
            : `This message would go out more than ${MESSAGING_WINDOW_HOURS} hours after the contact's last message, outside Meta's messaging window. Shorten the delays or add a Wait for Reply before it`,
        );
      }
    }
  }

  // 9. Quick replies and buttons, within what each channel carries (contracts/reply-options.ts).
  for (const [id, kind] of kinds) {
    const config = configs.get(id);
    if (dmKinds.has(kind) && config) for (const message of replyOptionsErrors(kind, config as DmConfig)) err(id, 'reply_options', message);
  }

  if (errors.length > 0 || !triggerId || !trigger)
    return { ok: false, errors: errors.length > 0 ? errors : [{ nodeId: null, code: 'no_trigger', message: 'Add a Trigger node' }] };

  const nodes: Record<string, PlanNode> = {};
  for (const node of graph.nodes) {
    const kind = kinds.get(node.id)!;
    nodes[node.id] = { id: node.id, kind, label: labelOf(node, kind), config: configs.get(node.id), next: next.get(node.id)! } as PlanNode;
  }
  return { ok: true, errors: [], plan: { schema: 1, platform, triggerNodeId: triggerId, trigger, nodes } };
}

/**
 * The graph's trigger configuration (its first Trigger node's, when valid), or null: what the
 * keyword-clash check reads from a draft that may not compile yet.
 */
export function triggerOfGraph(graph: FlowGraph): ExecutionPlan['trigger'] | null {
  for (const node of graph.nodes) {
    if (kindOf(node) !== 'trigger') continue;
    const parsed = nodeConfigSchemas.trigger.safeParse(node.data.config);
    return parsed.success ? parsed.data : null;
  }
  return null;
}

/** The node's kind: `data.kind`, or for legacy nodes its label ("Start"/"Trigger" etc.). */
function kindOf(node: FlowNode): NodeKind | null {
  if (node.data.kind) return node.data.kind;
  const label = node.data.label.trim().toLowerCase();
  if (label === 'start') return 'trigger';
  return nodeKinds.find((k) => nodeKindInfo[k].label.toLowerCase() === label || k.toLowerCase() === label) ?? null;
}

function labelOf(node: FlowNode, kind: NodeKind): string {
  return node.data.label.trim() || nodeKindInfo[kind].label;
}

function nodeConfigOf(graph: FlowGraph, id: string): unknown {
  return graph.nodes.find((n) => n.id === id)?.data.config;
}

function branchNames(kind: NodeKind, missing: string[]): string {
  const list = missing.map((m) => `"${branchLabel(m)}"`);
  return kind === 'randomizer' ? list.join(', ') : list.join(' and ');
}

function followGateOnlyOnInstagram(platform: FlowPlatform): string {
  if (platform === 'twitter') return "A follow gate checks Instagram follows, and X's API has no such check: use it in an Instagram flow";
  return 'A follow gate checks Instagram follows only (Messenger and X have no such check): make this an Instagram flow';
}

/** Does running this node make the run wait (so a loop through it is not a busy loop)? */
function pauses(kind: NodeKind, config: unknown): boolean {
  if (kind === 'waitForReply' || kind === 'askQuestion' || kind === 'followGate' || kind === 'bookTime') return true;
  if (kind === 'delay' && config) return durationMs(config as { amount: number; unit: 'seconds' }) > 0;
  return false;
}

/** Nodes on a cycle that contains no pausing node: DFS over the graph with pausing nodes' exits cut. */
function cycleWithoutPause(kinds: Map<string, NodeKind>, configs: Map<string, unknown>, next: Map<string, Record<string, string | null>>): string[] {
  const color = new Map<string, 0 | 1 | 2>();
  const stack: string[] = [];
  const reported = new Set<string>();
  const visit = (id: string) => {
    color.set(id, 1);
    stack.push(id);
    if (!pauses(kinds.get(id)!, configs.get(id))) {
      for (const target of Object.values(next.get(id) ?? {})) {
        if (!target || !kinds.has(target)) continue;
        const c = color.get(target) ?? 0;
        if (c === 0) visit(target);
        else if (c === 1 && !reported.has(target)) reported.add(target);
      }
    }
    stack.pop();
    color.set(id, 2);
  };
  for (const id of [...kinds.keys()].sort()) if ((color.get(id) ?? 0) === 0) visit(id);
  return [...reported].sort();
}

/**
 * The longest time, over every path from the trigger, between the contact's last message and each
 * node, counting delays and wait timeouts; a reply (the wait's Reply branch) resets it to zero.
 * Values are capped just above `cap`, so loops converge.
 */
function longestQuietTime(
  triggerId: string,
  kinds: Map<string, NodeKind>,
  configs: Map<string, unknown>,
  next: Map<string, Record<string, string | null>>,
  cap: number,
): Map<string, number> {
  const at = new Map<string, number>([[triggerId, 0]]);
  const queue = [triggerId];
  let guard = 0;
  while (queue.length > 0 && guard++ < 100_000) {
    const id = queue.shift()!;
    const here = at.get(id)!;
    const kind = kinds.get(id)!;
    const config = configs.get(id);
    for (const [exit, target] of Object.entries(next.get(id) ?? {})) {
      if (!target) continue;
      let after = here;
      if (kind === 'delay' && config) after = here + durationMs(config as { amount: number; unit: 'seconds' });
      // Book a time: "booked" follows the contact's pick (a message); "noSlot" may follow none (no open slot).
      if (kind === 'bookTime' && config) {
        after = exit === 'booked' ? 0 : exit === 'timeout' ? here + durationMs((config as { timeout: { amount: number; unit: 'seconds' } }).timeout) : here;
      }
      if ((kind === 'waitForReply' || kind === 'askQuestion') && config) {
        // An answer (valid or not) is a message from the contact: the window opens again.
        const replied = exit === 'reply' || exit === 'answered' || exit === 'invalid';
        after = replied ? 0 : here + durationMs((config as { timeout: { amount: number; unit: 'seconds' } }).timeout);
      }
      // A follow gate's check follows a tap, a message from the contact; only its timeout leaves without one.
      if (kind === 'followGate' && config) {
        after = exit === 'timeout' ? here + durationMs((config as { timeout: { amount: number; unit: 'seconds' } }).timeout) : 0;
      }
      after = Math.min(after, cap + 1);
      if (after > (at.get(target) ?? -1)) {
        at.set(target, after);
        queue.push(target);
      }
    }
  }
  return at;
}
