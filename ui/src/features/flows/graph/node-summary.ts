import { branchLabel, handlesOf, type NodeKind } from '@contracts/flows';

/** "1 hour", "30 seconds", "2 days". */
export function durationText(amount: unknown, unit: unknown): string {
  const n = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  const u = typeof unit === 'string' ? unit : 'seconds';
  const singular = u.endsWith('s') ? u.slice(0, -1) : u;
  return `${n} ${n === 1 ? singular : u}`;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function clip(text: string, max = 40): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

const subjectText: Record<string, string> = { tag: 'Tag', field: 'Field', lastMessage: 'Last message' };
const operatorText: Record<string, string> = {
  has: 'has',
  not_has: 'does not have',
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  not_contains: 'does not contain',
  is_set: 'is set',
  is_not_set: 'is not set',
};

/** "Tag has vip", "Last message contains hello", "Field city is set". */
export function ruleText(rule: unknown): string {
  const r = (rule && typeof rule === 'object' ? rule : {}) as Record<string, unknown>;
  const subject = str(r.subject);
  const who = subject === 'field' ? `Field ${str(r.field) || '?'}` : (subjectText[subject] ?? 'Rule');
  const op = operatorText[str(r.operator)] ?? str(r.operator);
  if (r.operator === 'is_set' || r.operator === 'is_not_set') return `${who} ${op}`;
  return `${who} ${op} ${str(r.value) ? `“${clip(str(r.value), 20)}”` : '…'}`;
}

/** The one line a canvas node shows under its label. */
export function nodeSummary(kind: NodeKind | undefined, config: Record<string, unknown>): string {
  switch (kind) {
    case 'trigger': {
      const keywords = list(config.keywords).map(str).filter(Boolean);
      const words = keywords.length > 0 ? keywords.join(', ') : null;
      if (config.type === 'comment' && config.commentsOn === 'live') return words ? `Live comment: ${clip(words, 27)}` : 'Any Live comment';
      if (config.type === 'comment' && config.commentsOn === 'posts') return words ? `Post comment: ${clip(words, 27)}` : 'Any post comment';
      if (config.type === 'comment') return words ? `Comment: ${clip(words, 32)}` : 'Any comment';
      if (config.type === 'story_reply') return words ? `Story reply: ${clip(words, 28)}` : 'Any story reply';
      if (config.type === 'story_mention') return 'Any story mention';
      if (config.type === 'postback') return 'Ice breaker or menu tap';
      if (config.type === 'referral') return 'Opened from a growth link';
      return words ? `Keyword DM: ${clip(words, 30)}` : 'Keyword DM: add keywords';
    }
    case 'instagramDM':
    case 'messengerDM':
    case 'twitterDM':
    case 'publicReply': {
      const text = str(config.text);
      return text ? clip(text) : 'No message yet';
    }
    case 'aiReply': {
      const threshold = typeof config.confidenceThreshold === 'number' ? config.confidenceThreshold : 0.6;
      return `Sends the answer if match score ≥ ${threshold.toFixed(2)}`;
    }
    case 'delay':
      return `Wait ${durationText(config.amount, config.unit)}`;
    case 'askQuestion': {
      const q = str(config.question);
      return q ? clip(q) : 'No question yet';
    }
    case 'followGate': {
      const retries = typeof config.retries === 'number' ? config.retries : 2;
      return `Checks follow · ${retries === 0 ? 'no re-check' : `${retries} re-check${retries === 1 ? '' : 's'}`}`;
    }
    case 'bookTime':
      return `Offers the next ${typeof config.slots === 'number' ? config.slots : 5} open times`;
    case 'waitForReply': {
      const t = (config.timeout ?? {}) as Record<string, unknown>;
      return `Wait up to ${durationText(t.amount, t.unit)} for a reply`;
    }
    case 'condition': {
      const rules = list(config.rules);
      if (rules.length === 0) return 'No rules yet';
      if (rules.length === 1) return clip(ruleText(rules[0]), 44);
      return `${config.match === 'any' ? 'Any' : 'All'} of ${rules.length} rules`;
    }
    case 'randomizer': {
      const branches = list(config.branches) as Array<{ key?: unknown; weight?: unknown }>;
      const total = branches.reduce((sum, b) => sum + (typeof b.weight === 'number' ? b.weight : 0), 0);
      return branches.map((b) => `${str(b.key)} ${total > 0 && typeof b.weight === 'number' ? Math.round((b.weight / total) * 100) : 0}%`).join(' · ');
    }
    case 'webhook': {
      const url = str(config.url).replace(/^https?:\/\//, '');
      return url ? `${str(config.method) || 'POST'} ${clip(url, 32)}` : 'No URL yet';
    }
    case 'addTag':
      return str(config.tag) ? `Add tag “${clip(str(config.tag), 28)}”` : 'No tag yet';
    case 'removeTag':
      return str(config.tag) ? `Remove tag “${clip(str(config.tag), 24)}”` : 'No tag yet';
    case 'setField':
      return str(config.field) ? `Set ${str(config.field)} = ${clip(str(config.value), 24) || '“”'}` : 'No field yet';
    case 'trackConversion':
      return `Conversion $${(Number(config.amountCents ?? 0) / 100).toFixed(2)}`;
    case 'captureLead':
      return config.from === 'template' ? `Email from ${clip(str(config.value), 30) || '…'}` : 'Email from the last message';
    case 'enrollSequence':
      if (!str(config.sequenceId)) return 'No sequence yet';
      return config.action === 'unenroll' ? 'Take out of a sequence' : 'Enrol in a sequence';
    case 'complete':
      return 'End of flow';
    default:
      return 'Unknown step';
  }
}

/** A branch handle's visible label: Yes/No, Reply/Timeout, or the randomizer's branch name. */
export function handleLabel(handle: string): string {
  return branchLabel(handle);
}

/** Source handles of a node: null = one unnamed exit; [] = none (Complete). */
export function sourceHandlesOf(kind: NodeKind | undefined, config: Record<string, unknown>): string[] | null {
  if (kind === 'randomizer') {
    // Read the branches as typed, even while invalid, so edges do not jump while a name is edited.
    const keys = list(config.branches)
      .map((b) => str((b as { key?: unknown } | null)?.key))
      .filter(Boolean);
    return [...new Set(keys)];
  }
  return kind ? handlesOf(kind, config) : null;
}
