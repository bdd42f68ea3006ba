import { describe, expect, it } from 'vitest';
import { DEFAULT_OPT_OUT_SETTINGS, optOutSettingsOf, optOutSettingsSchema } from '../contracts/opt-out';
import { matchOptOutWord, optOutForecast } from './opt-out-words';

const d = DEFAULT_OPT_OUT_SETTINGS;

describe('matchOptOutWord', () => {
  it('matches a stop word as the whole message, trimmed and in any case', () => {
    for (const text of ['STOP', 'stop', '  Stop  ', 'Stop!', 'stop.', 'UNSUBSCRIBE', 'unsubscribe 🙏', 'stop   all', 'Opt out']) {
      expect(matchOptOutWord(text, d), text).toBe('stop');
    }
  });

  it('ignores accents, so ARRÊT matches ARRET', () => {
    expect(matchOptOutWord('Arrêt', d)).toBe('stop');
    expect(matchOptOutWord('baja', d)).toBe('stop');
    expect(matchOptOutWord('STOPP', d)).toBe('stop');
  });

  it('does not match a word inside a sentence', () => {
    for (const text of ["don't stop", 'stop sending me the link please', 'stopping by later', 'START the guide', 'unstoppable']) {
      expect(matchOptOutWord(text, d), text).toBeNull();
    }
  });

  it('matches start words', () => {
    expect(matchOptOutWord('START', d)).toBe('start');
    expect(matchOptOutWord(' start! ', d)).toBe('start');
    expect(matchOptOutWord('unstop', d)).toBe('start');
  });

  it("uses the workspace's own words", () => {
    const mine = { stopWords: ['Basta ya'], startWords: ['Volver'] };
    expect(matchOptOutWord('basta  YA', mine)).toBe('stop');
    expect(matchOptOutWord('STOP', mine)).toBeNull();
    expect(matchOptOutWord('volver', mine)).toBe('start');
  });

  it('never matches empty text, punctuation alone or a long message', () => {
    expect(matchOptOutWord('', d)).toBeNull();
    expect(matchOptOutWord('!!!', d)).toBeNull();
    expect(matchOptOutWord(`STOP${' '.repeat(300)}`, d)).toBeNull();
  });
});

describe('optOutSettingsSchema', () => {
  it('refuses a word on both lists, in another spelling too', () => {
    const r = optOutSettingsSchema.safeParse({ ...d, startWords: ['START', 'stop!'] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['startWords', 1]);
  });

  it('refuses empty lists, empty replies and a word of punctuation only', () => {
    expect(optOutSettingsSchema.safeParse({ ...d, stopWords: [] }).success).toBe(false);
    expect(optOutSettingsSchema.safeParse({ ...d, startReply: '  ' }).success).toBe(false);
    expect(optOutSettingsSchema.safeParse({ ...d, stopWords: ['?!'] }).success).toBe(false);
  });

  it('reads a stored null (or a value that no longer parses) as the defaults', () => {
    expect(optOutSettingsOf(null)).toEqual(d);
    expect(optOutSettingsOf({ stopWords: 'STOP' })).toEqual(d);
    expect(optOutSettingsOf({ ...d, stopWords: ['HALT'] }).stopWords).toEqual(['HALT']);
  });
});

describe('optOutForecast (the Simulator says what the opt-out does first)', () => {
  const c = (optedOut: boolean, word: 'stop' | 'start' | null) => ({ who: '@maya', optedOut, word });

  it('a stop word opts out with one confirmation; again, nothing more', () => {
    expect(optOutForecast('STOP', c(false, 'stop'))).toMatchObject({
      nothing: { reason: 'opt_out_word' },
      message: expect.stringMatching(/^“STOP” is an opt-out word: @maya is marked opted out/),
    });
    expect(optOutForecast('STOP', c(true, 'stop'))?.message).toMatch(/already opted out/);
  });

  it('an opted-out contact gets nothing automated, and says how to come back', () => {
    expect(optOutForecast('price?', c(true, null))).toEqual({
      answeredBy: [],
      skipped: [],
      resumesWaitingRun: false,
      nothing: { reason: 'opted_out', keywords: [] },
      message: '@maya opted out: nothing automated is sent until they reply START.',
    });
    expect(optOutForecast('start', c(true, 'start'))?.message).toMatch(/welcome-back reply/);
  });

  it('leaves a subscribed contact to the rules and flows (START from them is an ordinary DM)', () => {
    expect(optOutForecast('price?', c(false, null))).toBeNull();
    expect(optOutForecast('START', c(false, 'start'))).toBeNull();
  });
});

describe('optOutForecast while a teammate has taken over (contracts/takeover.ts)', () => {
  it('says why nothing answers, and still lets a stop word opt out first', () => {
    expect(optOutForecast('price?', { who: '@maya', optedOut: false, word: null, paused: true })).toMatchObject({
      nothing: { reason: 'paused', keywords: [] },
      message: expect.stringMatching(/^Automation is paused for @maya: a teammate is handling this conversation/),
    });
    expect(optOutForecast('STOP', { who: '@maya', optedOut: false, word: 'stop', paused: true })?.nothing?.reason).toBe('opt_out_word');
    expect(optOutForecast('price?', { who: '@maya', optedOut: false, word: null, paused: false })).toBeNull();
  });
});
