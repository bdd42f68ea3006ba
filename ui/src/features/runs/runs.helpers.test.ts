import { describe, expect, it } from 'vitest';
import { nodeKindInfo, nodeKinds, runStatuses, type RunSummary } from '@contracts/flows';
import {
  anyActive,
  canCancel,
  canRetry,
  contactText,
  flattenRuns,
  formatDuration,
  hasContent,
  isActiveStatus,
  kindLabel,
  runStatusList,
  runsQuery,
  shownDetail,
  stepDuration,
} from './runs.helpers';

const run = (id: string, status: RunSummary['status'] = 'completed') => ({ id, status }) as RunSummary;

describe('runsQuery', () => {
  it('sends only the filters that are set, plus the cursor and limit', () => {
    expect(runsQuery({})).toBe('limit=25');
    expect(runsQuery({ flowId: 'f1', status: 'failed' }, 'abc', 10)).toBe('flowId=f1&status=failed&cursor=abc&limit=10');
  });
});

describe('run status helpers', () => {
  it('running, waiting and sleeping runs are active (polled, cancellable)', () => {
    expect(['running', 'waiting', 'sleeping'].every(isActiveStatus)).toBe(true);
    expect(['completed', 'failed', 'cancelled'].some(isActiveStatus)).toBe(false);
    expect(anyActive([run('a'), run('b', 'sleeping')])).toBe(true);
    expect(anyActive([run('a'), run('b', 'failed')])).toBe(false);
    expect(canCancel(run('a', 'waiting'))).toBe(true);
    expect(canCancel(run('a', 'failed'))).toBe(false);
    expect(canRetry(run('a', 'failed'))).toBe(true);
    expect(canRetry(run('a', 'completed'))).toBe(false);
  });
});

describe('formatDuration / stepDuration', () => {
  it('picks a readable unit', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(42_000)).toBe('42 s');
    expect(formatDuration(184_000)).toBe('3 min 4 s');
    expect(formatDuration(7_500_000)).toBe('2 h 5 min');
    expect(formatDuration(3 * 86_400_000 + 4 * 3_600_000)).toBe('3 d 4 h');
    expect(formatDuration(-1)).toBe('');
  });
  it('measures to now for a step still going', () => {
    const now = new Date('2025-01-01T00:00:10Z');
    expect(stepDuration({ startedAt: '2025-01-01T00:00:00Z', finishedAt: '2025-01-01T00:00:00.500Z' }, now)).toBe('500 ms');
    expect(stepDuration({ startedAt: '2025-01-01T00:00:00Z', finishedAt: null }, now)).toBe('10 s');
  });
});

describe('flattenRuns', () => {
  it('keeps page order and drops a run seen on an earlier page', () => {
    const pages = [{ runs: [run('a'), run('b')] }, { runs: [run('b'), run('c')] }];
    expect(flattenRuns(pages).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(flattenRuns(undefined)).toEqual([]);
  });
});

describe('display helpers', () => {
  it('writes contacts and detects empty payloads', () => {
    expect(contactText({ id: '1', name: 'Ada', username: 'ada' })).toBe('Ada (@ada)');
    expect(contactText({ id: '1', name: 'Ada', username: null })).toBe('Ada');
    expect([null, {}, [], undefined].some(hasContent)).toBe(false);
    expect([0, 'x', { a: 1 }, [1]].every(hasContent)).toBe(true);
  });
});

describe('local copies of contract lists', () => {
  it('match contracts/flows', () => {
    expect(runStatusList).toEqual([...runStatuses]);
    for (const kind of nodeKinds) expect(kindLabel(kind)).toBe(nodeKindInfo[kind].label);
    expect(kindLabel('legacy')).toBe('legacy');
  });
});

describe('shownDetail', () => {
  it('drops details that repeat the badge or the error', () => {
    expect(shownDetail({ status: 'completed', statusDetail: 'Completed' })).toBeNull();
    expect(shownDetail({ status: 'failed', statusDetail: 'boom', error: 'boom' })).toBeNull();
    expect(shownDetail({ status: 'failed', statusDetail: 'boom', error: null })).toBe('boom');
    expect(shownDetail({ status: 'waiting', statusDetail: ' ' })).toBeNull();
  });
});
