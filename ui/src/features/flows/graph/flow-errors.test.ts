import { describe, expect, it } from 'vitest';
import type { FlowError } from '@contracts/flows';
import { ApiError } from '../../../lib/api';
import { describeError, flowErrorsFromSaveError, groupErrors } from './flow-errors';

const errors: FlowError[] = [
  { nodeId: '2', code: 'invalid_config', message: 'Message text is required' },
  { nodeId: '2', code: 'unreachable', message: 'Nothing leads here' },
  { nodeId: null, code: 'no_trigger', message: 'Add a trigger' },
  { nodeId: null, edgeId: 'e1-9', code: 'dangling_edge', message: 'Edge points nowhere' },
];

describe('groupErrors', () => {
  it('maps errors to their node, edge or the whole flow', () => {
    const grouped = groupErrors(errors);
    expect(grouped.byNode.get('2')?.map((e) => e.code)).toEqual(['invalid_config', 'unreachable']);
    expect(grouped.byNode.has('1')).toBe(false);
    expect(grouped.byEdge.get('e1-9')?.[0]?.code).toBe('dangling_edge');
    expect(grouped.general.map((e) => e.code)).toEqual(['no_trigger', 'dangling_edge']);
  });
});

describe('flowErrorsFromSaveError', () => {
  it('reads the compiler errors of a refused publish', () => {
    const body = JSON.stringify({ error: 'Flow has errors', code: 'BAD_REQUEST', details: { errors } });
    expect(flowErrorsFromSaveError(new ApiError(400, 'Bad Request', body))).toEqual(errors);
  });
  it('is null for other failures', () => {
    expect(flowErrorsFromSaveError(new ApiError(500, 'Server Error', '{}'))).toBeNull();
    expect(flowErrorsFromSaveError(new ApiError(400, 'Bad Request', 'not json'))).toBeNull();
    expect(flowErrorsFromSaveError(new ApiError(400, 'Bad Request', JSON.stringify({ error: 'name too long' })))).toBeNull();
    expect(flowErrorsFromSaveError(new Error('network'))).toBeNull();
  });
});

describe('describeError', () => {
  it('prefixes the node label when there is one', () => {
    expect(describeError(errors[0]!, (id) => (id === '2' ? 'Welcome DM' : undefined))).toBe('Welcome DM: Message text is required');
    expect(describeError(errors[2]!, () => 'x')).toBe('Add a trigger');
    const named = { nodeId: '2', code: 'invalid_config' as const, message: 'Welcome DM: text: Message text is required' };
    expect(describeError(named, () => 'Welcome DM')).toBe('Welcome DM: text: Message text is required');
  });
});
