import { describe, expect, it } from 'vitest';
import type { FlowNode } from '@contracts/flows';
import { summariseFirstFlow } from './first-flow';

const node = (id: string, kind: FlowNode['data']['kind'], config: Record<string, unknown>): FlowNode => ({
  id,
  type: 'default',
  position: { x: 0, y: 0 },
  data: { label: id, kind, config },
});

describe('what the flow onboarding made does, in words', () => {
  it('names the trigger, the public reply and the first DM, and the blanks still in square brackets', () => {
    const summary = summariseFirstFlow({
      flowData: {
        nodes: [
          node('1', 'trigger', { type: 'comment', keywords: ['guide', 'free', 'send'] }),
          node('2', 'publicReply', { text: 'Sent!' }),
          node('3', 'instagramDM', { text: 'Hi {first_name}! Here: [your offer link — add it in Knowledge]' }),
          node('4', 'instagramDM', { text: 'Open [your business hours — add them in Knowledge]' }),
        ],
        edges: [],
      },
    });
    expect(summary).toEqual({
      when: 'When someone comments “guide”, “free” or “send” on a post',
      firstMessage: 'Hi {first_name}! Here: [your offer link — add it in Knowledge]',
      publicReply: true,
      blanks: ['your offer link — add it in Knowledge', 'your business hours — add them in Knowledge'],
    });
  });

  it('reads a DM trigger, and a flow with nothing to fill', () => {
    const summary = summariseFirstFlow({
      flowData: {
        nodes: [node('1', 'trigger', { type: 'keyword_dm', keywords: ['demo'] }), node('2', 'messengerDM', { text: 'Here is the demo.' })],
        edges: [],
      },
    });
    expect(summary).toEqual({ when: 'When someone sends a DM with “demo”', firstMessage: 'Here is the demo.', publicReply: false, blanks: [] });
  });
});
