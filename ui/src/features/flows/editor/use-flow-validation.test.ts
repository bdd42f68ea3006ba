import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FlowError, FlowGraph, FlowPlatform } from '@contracts/flows';
import { useFlowValidation } from './use-flow-validation';

/** Runs the hook once (server rendering needs no DOM) and hands back what it returned. */
function validate(graph: FlowGraph, platform: FlowPlatform): FlowError[] {
  let errors: FlowError[] = [];
  function Probe() {
    errors = useFlowValidation(graph, platform);
    return null;
  }
  renderToStaticMarkup(createElement(Probe));
  return errors;
}

// Trigger → Instagram DM, valid on its own (only the flow's platform makes it wrong).
const graph: FlowGraph = {
  nodes: [
    { id: '1', type: 'default', position: { x: 0, y: 0 }, data: { label: 'Start', kind: 'trigger', config: { type: 'keyword_dm', keywords: ['hi'] } } },
    { id: '2', type: 'default', position: { x: 0, y: 100 }, data: { label: 'Instagram DM', kind: 'instagramDM', config: { text: 'Hi!' } } },
  ],
  edges: [{ id: 'e1-2', source: '1', target: '2', sourceHandle: null }],
};

describe('useFlowValidation', () => {
  it("checks with the flow's platform: an Instagram DM is refused live in a Twitter flow", () => {
    expect(validate(graph, 'multi')).toEqual([]);
    expect(validate(graph, 'instagram')).toEqual([]);
    expect(validate(graph, 'twitter')).toEqual([{ nodeId: '2', code: 'channel_mismatch', message: "Instagram DM can't send in a Twitter flow" }]);
  });
});
