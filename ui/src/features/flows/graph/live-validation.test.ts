import { describe, expect, it } from 'vitest';
import { compile } from '../../../../../flow-compiler/compile';
import { flowEditorReducer, initialEditorState, type FlowEditorAction } from './flow-draft-state';
import { toFlowGraph } from './flow-graph';

/**
 * The editor's live check once ran without the flow's platform, so an Instagram DM
 * in a Twitter flow was only refused at Start. The editor now compiles its own draft with
 * `draft.settings.platform` (editor/use-flow-validation.ts); this drives the draft the way the
 * editor does and checks what that compile reports.
 */
function draftAfter(actions: FlowEditorAction[]) {
  return actions.reduce(flowEditorReducer, initialEditorState(null)).draft;
}
const liveErrors = (draft: ReturnType<typeof draftAfter>) => compile(toFlowGraph(draft.nodes, draft.edges), draft.settings.platform).errors;

const keywordTrigger = { type: 'keyword_dm', keywords: ['hello'], accountId: null, postId: null };
const edits: FlowEditorAction[] = [
  { type: 'updateNodeConfig', nodeId: '1', config: keywordTrigger },
  { type: 'addNode', kind: 'instagramDM', position: { x: 100, y: 200 } },
  { type: 'updateNodeConfig', nodeId: '2', config: { text: 'Hi!', quickReplies: [] } },
  { type: 'connect', connection: { source: '1', target: '2', sourceHandle: null, targetHandle: null } },
];

describe('live validation uses the flow platform', () => {
  it('an Instagram DM in a multi-platform flow is fine', () => {
    expect(liveErrors(draftAfter(edits))).toEqual([]);
  });
  it('the same Instagram DM in a Twitter flow is flagged on its node', () => {
    const errors = liveErrors(draftAfter([{ type: 'setPlatform', platform: 'twitter' }, ...edits]));
    expect(errors).toEqual([{ nodeId: '2', code: 'channel_mismatch', message: "Instagram DM can't send in a Twitter flow" }]);
  });
});
