import type { ClaimEvent, ClaimPlatform, ClashReport, InboundForecast, KeywordClaim, KeywordClash } from '../contracts/keyword-clashes';
import { matchKeyword } from './match-keywords';
import { optOutForecast, type ContactOptOut } from './opt-out-words';

/**
 * Who answers an inbound event, and which automations compete for one (ARCHITECTURE.md#rules-and-flows).
 * The inbound pipeline's order, restated over `KeywordClaim`s:
 * - a comment: the OLDEST active comment rule for its platform and post whose keyword it contains
 *   sends the one private reply; when a rule answered, no flow starts for that comment;
 * - otherwise (and for DMs, story replies and mentions, which rules never answer) EVERY live flow
 *   whose trigger matches starts.
 * Pure: the API checks a rule or a flow trigger with it before saving, the Simulator says with it
 * at once what will answer, and the same sentences reach the UI.
 */

const everyPlatform: ClaimPlatform[] = ['instagram', 'facebook', 'twitter'];

/** An active comment rule as a claim; a specific-post rule without a post listens to nothing (as `pickCommentRule`). */
export function ruleClaim(rule: {
  id: string;
  keywords: string[];
  platform: 'instagram' | 'facebook';
  automationType: 'all_posts' | 'specific_post';
  postId: string | null;
  createdAt: string | null;
}): KeywordClaim {
  const specific = rule.automationType === 'specific_post';
  return {
    kind: 'rule',
    id: rule.id,
    name: rule.keywords.join(', '),
    event: 'comment',
    platforms: specific && !rule.postId ? [] : [rule.platform],
    accountId: null,
    postId: specific ? rule.postId : null,
    keywords: rule.keywords,
    createdAt: rule.createdAt,
  };
}

/**
 * Whether a trigger competes for words with the rules and other flows: postback and referral
 * triggers are chosen by the tapped item's payload or the link's ref, never by text, so they claim none.
 */
export function isKeywordTrigger<T extends { type: string }>(t: T): t is T & { type: ClaimEvent } {
  return t.type !== 'postback' && t.type !== 'referral';
}

/**
 * A flow's trigger as a claim, as `matchingTriggers` (workers/flows/triggers.ts) reads it: an
 * "instagram" flow listens on Instagram and Messenger, "multi" everywhere; a trigger bound to one
 * account listens on that account only; a story mention has no text, so no keywords.
 */
export function flowClaim(
  flow: { id: string; name: string; platform: 'twitter' | 'instagram' | 'multi' },
  trigger: { type: ClaimEvent; keywords: string[]; accountId: string | null; postId: string | null; commentsOn?: 'all' | 'posts' | 'live' | undefined },
  accounts: readonly { id: string; platform: ClaimPlatform }[],
): KeywordClaim {
  const base: ClaimPlatform[] = flow.platform === 'twitter' ? ['twitter'] : flow.platform === 'instagram' ? ['instagram', 'facebook'] : everyPlatform;
  let platforms = base;
  if (trigger.accountId) {
    const account = accounts.find((a) => a.id === trigger.accountId);
    platforms = account && base.includes(account.platform) ? [account.platform] : [];
  }
  return {
    kind: 'flow',
    id: flow.id,
    name: flow.name,
    event: trigger.type,
    platforms,
    accountId: trigger.accountId,
    postId: trigger.type === 'comment' ? trigger.postId : null,
    keywords: trigger.type === 'story_mention' ? [] : trigger.keywords,
    createdAt: null,
    ...(trigger.type === 'comment' && (trigger.commentsOn === 'posts' || trigger.commentsOn === 'live') ? { commentsOn: trigger.commentsOn } : {}),
  };
}

/**
 * The clashes of `candidate` (an automation about to be saved or started) with the other live
 * automations: per keyword, who answers an event both match and why; whether the candidate could
 * never fire at all (every keyword, on every platform and post it listens to, is answered first by
 * another); and which others it would leave with nothing to answer. `others` may include the
 * candidate's own saved copy: it is left out by id.
 */
export function keywordClashes(candidate: KeywordClaim, others: readonly KeywordClaim[]): ClashReport {
  const rest = others.filter((o) => !(o.kind === candidate.kind && o.id === candidate.id));
  const clashes = clashesOf(candidate, rest);
  const silences: ClashReport['silences'] = [];
  for (const other of rest) {
    if (!clashes.some((c) => c.id === other.id && c.with === other.kind && c.winner === 'us')) continue;
    const shadows = rest.filter((o) => o !== other);
    if (neverFiresOf(other, [candidate, ...shadows]) === null) continue;
    silences.push({
      with: other.kind,
      id: other.id,
      name: other.name,
      message:
        other.kind === 'flow'
          ? `The live flow “${other.name}” would never start: ${candidate.kind === 'rule' ? 'this rule' : 'a rule'} answers every comment it listens for, and rules answer before flows.`
          : `The rule “${other.name}” would never answer: this rule is older and answers every comment it matches first.`,
    });
  }
  return { clashes, neverFires: neverFiresOf(candidate, rest), silences };
}

function clashesOf(candidate: KeywordClaim, others: readonly KeywordClaim[]): KeywordClash[] {
  const clashes: KeywordClash[] = [];
  for (const other of others) {
    if (!scopesOverlap(candidate, other)) continue;
    const { winner, why } = precedence(candidate, other);
    for (const keyword of candidate.keywords.length === 0 ? [null] : candidate.keywords) {
      const theirs = overlapping(keyword, other.keywords);
      if (theirs === undefined) continue;
      const covered = winner === 'them' && keywordCovered(keyword, other.keywords) && candidate.platforms.every((p) => scopeCovers(other, candidate, p));
      const clash = { keyword, with: other.kind, id: other.id, name: other.name, theirs, winner, why, covered };
      clashes.push({ ...clash, message: clashMessage(clash, candidate.event) });
    }
  }
  return clashes;
}

/** Why `c` could never answer anything, or null: every (keyword, platform) it listens to goes to another first. */
function neverFiresOf(c: KeywordClaim, others: readonly KeywordClaim[]): string | null {
  if (c.platforms.length === 0) return null; // listens to nothing: not a clash (an unknown account, say)
  const winners = others.filter((o) => scopesOverlap(c, o) && precedence(c, o).winner === 'them');
  const takenBy: string[] = [];
  for (const keyword of c.keywords.length === 0 ? [null] : c.keywords) {
    const byPlatform = c.platforms.map((p) => winners.find((w) => scopeCovers(w, c, p) && keywordCovered(keyword, w.keywords)));
    if (byPlatform.some((w) => w === undefined)) return null;
    const names = [...new Set(byPlatform.map((w) => `${w!.kind} “${w!.name}”`))];
    takenBy.push(`${keyword === null ? `every ${noun(c.event)}` : `“${keyword}”`} (${names.join(', ')})`);
  }
  return c.kind === 'rule'
    ? `This rule could never answer a comment: older rules answer every comment it matches first — ${takenBy.join('; ')}. Change its keywords, or pause the other rule.`
    : `This flow could never start: comment rules answer every comment its trigger listens for, and rules answer before flows — ${takenBy.join('; ')}. Change the trigger's keywords, or pause the rule.`;
}

/** Who answers an event both listen to (the inbound pipeline's order). */
function precedence(us: KeywordClaim, them: KeywordClaim): Pick<KeywordClash, 'winner' | 'why'> {
  if (us.kind === 'rule' && them.kind === 'rule') return { winner: olderRule(us, them) ? 'us' : 'them', why: 'older_rule' };
  if (us.kind === 'rule') return { winner: 'us', why: 'rule_before_flow' };
  if (them.kind === 'rule') return { winner: 'them', why: 'rule_before_flow' };
  return { winner: 'both', why: 'all_flows_start' };
}

/** Rules are applied oldest first (created_at, then id); a rule not saved yet is the newest. */
function olderRule(a: KeywordClaim, b: KeywordClaim): boolean {
  if (a.createdAt === null) return false;
  if (b.createdAt === null) return true;
  const [ta, tb] = [Date.parse(a.createdAt), Date.parse(b.createdAt)];
  return ta !== tb ? ta < tb : a.id < b.id;
}

/** Some event reaches both: same kind, a shared platform, and accounts and posts that can coincide. */
function scopesOverlap(a: KeywordClaim, b: KeywordClaim): boolean {
  return (
    a.event === b.event &&
    a.platforms.some((p) => b.platforms.includes(p)) &&
    (a.accountId === null || b.accountId === null || a.accountId === b.accountId) &&
    (a.postId === null || b.postId === null || a.postId === b.postId) &&
    (!a.commentsOn || !b.commentsOn || a.commentsOn === b.commentsOn)
  );
}

/** `w` listens to every event `c` listens to on platform `p` (keywords aside). */
function scopeCovers(w: KeywordClaim, c: KeywordClaim, p: ClaimPlatform): boolean {
  return (
    w.platforms.includes(p) &&
    (w.accountId === null || w.accountId === c.accountId) &&
    (w.postId === null || w.postId === c.postId) &&
    (!w.commentsOn || w.commentsOn === c.commentsOn)
  );
}

/**
 * Their keyword(s) that overlap ours — a text made of one matches the other ("price" and "the
 * price") — or undefined; null: they listen to everything. Ours null (everything): all of theirs.
 */
function overlapping(keyword: string | null, theirs: readonly string[]): string | null | undefined {
  if (theirs.length === 0) return null;
  if (keyword === null) return theirs.join(', ');
  const covering = theirs.find((t) => matchKeyword(keyword, [t]) !== null);
  return covering ?? theirs.find((t) => matchKeyword(t, [keyword]) !== null);
}

/** Every text that contains `keyword` (null: every text) also matches one of `theirs` (empty: everything). */
function keywordCovered(keyword: string | null, theirs: readonly string[]): boolean {
  if (theirs.length === 0) return true;
  return keyword !== null && matchKeyword(keyword, theirs) !== null;
}

function noun(event: ClaimEvent): string {
  return { comment: 'comment', keyword_dm: 'DM', story_reply: 'story reply', story_mention: 'story mention' }[event];
}

/** The clash in plain English: which keyword, what else listens for it, who answers and why. */
function clashMessage(c: Omit<KeywordClash, 'message'>, event: ClaimEvent): string {
  const label = c.keyword === null ? `Every ${noun(event)}` : `“${c.keyword}”`;
  const listens = c.theirs === null ? `answers every ${noun(event)}` : `listens for “${c.theirs}”`;
  switch (c.why) {
    case 'older_rule':
      return c.winner === 'them'
        ? `${label}: the older rule “${c.name}” ${listens} and answers first (the oldest matching rule answers; a comment gets one private reply).`
        : `${label}: the rule “${c.name}” ${listens} too; this rule is older, so it answers first and that rule gets none of those comments.`;
    case 'rule_before_flow':
      return c.with === 'flow'
        ? `${label}: the live flow “${c.name}” ${listens}. Rules answer before flows, so this rule answers and the flow is not started for those comments.`
        : `${label}: the comment rule “${c.name}” ${listens}. Rules answer before flows, so that rule answers and this flow is not started for those comments.`;
    case 'all_flows_start':
      return event === 'comment'
        ? `${label}: the live flow “${c.name}” ${listens} too. Both flows start, and only one of them can send the comment's private reply.`
        : `${label}: the live flow “${c.name}” ${listens} too. Both flows start, so the contact gets the messages of both.`;
  }
}

/** An inbound event as the forecast needs it. */
export interface InboundProbe {
  event: ClaimEvent;
  platform: ClaimPlatform;
  accountId: string;
  postId: string | null;
  text: string;
  /** An Instagram Live comment (the Simulator's comments are post comments). */
  live?: boolean;
}

/** A claim that would consider this event (its keywords aside). */
function listensTo(c: KeywordClaim, e: InboundProbe): boolean {
  if (c.event !== e.event || !c.platforms.includes(e.platform)) return false;
  if (c.accountId !== null && c.accountId !== e.accountId) return false;
  if (c.commentsOn && c.commentsOn !== (e.live ? 'live' : 'posts')) return false;
  return c.postId === null || c.postId === e.postId;
}

const platformName = (p: ClaimPlatform, event: ClaimEvent) =>
  p === 'twitter' ? 'X' : p === 'instagram' ? 'Instagram' : event === 'comment' ? 'Facebook' : 'Messenger';

/**
 * What the inbound pipeline will do with this event: the rule that answers a comment (and the
 * flows it keeps from starting), or the flows that start, or why nothing will. `resumesWaitingRun`:
 * a run waits for this contact's reply on this account (a DM goes to it before any keyword flow).
 * `contact`: their opt-out, which the pipeline checks before anything else (workflows/opt-out-words.ts).
 */
export function forecastInbound(e: InboundProbe, claims: readonly KeywordClaim[], resumesWaitingRun = false, contact?: ContactOptOut): InboundForecast {
  const optedOut = contact ? optOutForecast(e.text, contact) : null;
  if (optedOut) return optedOut;
  const where = `${platformName(e.platform, e.event)} ${noun(e.event)}s${e.event === 'comment' ? ' on this post' : ''}`;
  if (resumesWaitingRun && e.event !== 'comment' && e.event !== 'story_mention') {
    return {
      answeredBy: [],
      skipped: [],
      resumesWaitingRun: true,
      nothing: null,
      message: "A flow waiting for this contact's reply takes this message (before any keyword flow).",
    };
  }
  const listening = claims.filter((c) => listensTo(c, e));
  const rules = listening.filter((c) => c.kind === 'rule').sort((a, b) => (olderRule(a, b) ? -1 : olderRule(b, a) ? 1 : 0));
  const flows = listening.filter((c) => c.kind === 'flow');
  const hit = (c: KeywordClaim) =>
    c.keywords.length === 0 ? { keyword: null } : ((k) => (k === null ? null : { keyword: k }))(matchKeyword(e.text, c.keywords));

  const rule = e.event === 'comment' ? rules.map((r) => ({ r, m: hit(r) })).find((x) => x.m !== null) : undefined;
  const matchingFlows = flows.map((f) => ({ f, m: hit(f) })).filter((x) => x.m !== null);
  if (rule) {
    const skipped = matchingFlows.map(({ f }) => ({ id: f.id, name: f.name, why: 'A comment rule answered this comment first; rules answer before flows.' }));
    const also =
      skipped.length === 0
        ? ''
        : ` ${skipped.map((s) => `“${s.name}”`).join(', ')} also ${skipped.length === 1 ? 'matches' : 'match'} but ${skipped.length === 1 ? 'is' : 'are'} not started: rules answer before flows.`;
    return {
      answeredBy: [{ kind: 'rule', id: rule.r.id, name: rule.r.name, keyword: rule.m!.keyword }],
      skipped,
      resumesWaitingRun: false,
      nothing: null,
      message: `The rule “${rule.r.name}” answers this comment (keyword “${rule.m!.keyword}”): its private reply is on its way.${also}`,
    };
  }
  if (matchingFlows.length > 0) {
    const named = matchingFlows.map(({ f, m }) => `“${f.name}” (${m!.keyword === null ? `every ${noun(e.event)}` : `keyword “${m!.keyword}”`})`);
    return {
      answeredBy: matchingFlows.map(({ f, m }) => ({ kind: 'flow' as const, id: f.id, name: f.name, keyword: m!.keyword })),
      skipped: [],
      resumesWaitingRun: false,
      nothing: null,
      message:
        matchingFlows.length === 1 ? `The flow ${named[0]} starts for this ${noun(e.event)}.` : `${matchingFlows.length} flows start: ${named.join(', ')}.`,
    };
  }
  const keywords = uniqueCaseless(listening.flatMap((c) => c.keywords));
  if (listening.length === 0) {
    return {
      answeredBy: [],
      skipped: [],
      resumesWaitingRun: false,
      nothing: { reason: 'no_automation', keywords: [] },
      message:
        e.event === 'comment'
          ? `Nothing will answer this: no active comment rule or live flow listens to ${where}. Create a rule on Comment Growth, or start a flow with a comment trigger.`
          : `Nothing will answer this: no live flow starts on ${where}. Start a flow with a “Keyword in a DM” trigger.`,
    };
  }
  return {
    answeredBy: [],
    skipped: [],
    resumesWaitingRun: false,
    nothing: { reason: 'no_keyword_match', keywords },
    message: `Nothing will answer this: no keyword matched “${clip(e.text)}”. Active keywords for ${where}: ${keywords.join(', ')}.`,
  };
}

function uniqueCaseless(words: string[]): string[] {
  const seen = new Set<string>();
  return words.filter((w) => {
    const k = w.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function clip(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
}
