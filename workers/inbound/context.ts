import type pg from 'pg';
import type { OutgoingEvent } from '../../contracts/event-webhooks';
import type { NormalizedEvent } from '../../contracts/inbound';
import { parseActiveTriggers, type ActiveTrigger } from '../../db/flows/active-triggers';
import { newEventTail, type EventTail } from '../../db/inbound/event-tail';
import type { SendLimits } from '../../db/sends/send-limits';
import { defaultFirstSteps, type FirstStepsConfig, type StartedRun } from '../flows/first-steps';
import type { AccountRow } from './conversations';

/** Where tracked links point: PUBLIC_URL, or the web server's own URL in development; null: not wrapped. */
export type LinkBase = () => string | null;
export const noLinkBase: LinkBase = () => null;

/** What the inbound pipeline needs from its process: made once by workers/worker.ts (tests pass their own). */
export interface InboundDeps {
  /** The accounts' send rates for the replies it queues. */
  limits: SendLimits;
  /** Where tracked links point; none: links are left as written. */
  links?: LinkBase;
  /** How new runs take their first steps in the batch's transaction (workers/flows/first-steps.ts). */
  flows?: FirstStepsConfig;
}

/** One batch transaction's context, passed to every stage instead of positional parameters. */
export interface InboundContext {
  client: pg.PoolClient;
  limits: SendLimits;
  links: LinkBase;
  flows: FirstStepsConfig;
  /** The private replies queued due now go to the caller's send pump after the commit (ADR 0025), their job only a backstop. */
  handOff: boolean;
}

export function inboundContext(client: pg.PoolClient, deps: InboundDeps, handOff: boolean): InboundContext {
  return { client, limits: deps.limits, links: deps.links ?? noLinkBase, flows: deps.flows ?? defaultFirstSteps, handOff };
}

/** What the claim brought with the account (undefined: read them when needed). */
export interface Prefetched {
  rules?: unknown;
  triggers?: unknown;
  /** The account's comment moderation settings (null: none set). */
  moderation?: unknown;
}

export function triggersOf(p: Prefetched): ActiveTrigger[] | undefined {
  return p.triggers === undefined || p.triggers === null ? undefined : parseActiveTriggers(p.triggers);
}

/**
 * An event's deferred writes (activity lines, lead scores: its processed mark writes them), the flow
 * runs it started, the event webhooks it makes (written for the whole batch by one statement in
 * the tail stage, db/event-webhooks/emit-events.ts), and its DM if stored in an assigned conversation
 * (the batch's one push job, ADR 0045).
 */
export type InboundTail = EventTail & { startedRuns: StartedRun[]; events: OutgoingEvent[]; assignedDms: string[] };
export const newInboundTail = (): InboundTail => ({ ...newEventTail(), startedRuns: [], events: [], assignedDms: [] });

/** A claimed event, normalized and checked against its account: what every stage works on. */
export interface InboundEvent<E extends NormalizedEvent = NormalizedEvent> {
  normalized: E;
  account: AccountRow;
  prefetched: Prefetched;
  tail: InboundTail;
}

export type InboundComment = InboundEvent<Extract<NormalizedEvent, { kind: 'comment' }>>;
