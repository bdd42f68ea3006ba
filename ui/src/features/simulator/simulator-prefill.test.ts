import { describe, expect, it } from 'vitest';
import type { Flow } from '@contracts/flows';
import type { SimulatorPost } from '@contracts/simulator';
import { postForPrefill, readSimulatorPrefill, simulatorTryUrl } from './simulator-prefill';

const flow = (config: Record<string, unknown>, platform: Flow['platform'] = 'instagram'): Pick<Flow, 'name' | 'platform' | 'flowData'> => ({
  name: 'Lead Magnet',
  platform,
  flowData: { nodes: [{ id: '1', type: 'default', position: { x: 0, y: 0 }, data: { label: 'Start', kind: 'trigger', config } }], edges: [] },
});
const post = (externalId: string, caption: string): SimulatorPost => ({ id: externalId, accountId: 'a', externalId, caption, imageUrl: '', permalink: '' });

describe('Try it in the Simulator', () => {
  it('builds the URL from the flow’s trigger: its first keyword, the channel, the platform, a fixed account or post', () => {
    expect(simulatorTryUrl(flow({ type: 'comment', keywords: ['guide', 'free'], accountId: null, postId: null }))).toBe(
      '/simulator?try=comment&text=guide&flow=Lead+Magnet&platform=instagram',
    );
    expect(simulatorTryUrl(flow({ type: 'keyword_dm', keywords: ['how does it work'], accountId: 'acc-1', postId: null }, 'multi'))).toBe(
      '/simulator?try=dm&text=how+does+it+work&flow=Lead+Magnet&platform=instagram&account=acc-1',
    );
    expect(simulatorTryUrl(flow({ type: 'comment', keywords: [], postId: 'p9' }, 'twitter'))).toBe(
      '/simulator?try=comment&text=Love+this%21&flow=Lead+Magnet&post=p9',
    );
  });

  it('tries a story-reply flow with a DM sent as a reply to the story (its keyword, or any text when it has none)', () => {
    const url = simulatorTryUrl(flow({ type: 'story_reply', keywords: [] }))!;
    expect(url).toBe('/simulator?try=dm&text=Love+this+story%21&flow=Lead+Magnet&platform=instagram&story=1');
    expect(readSimulatorPrefill(new URL(`https://x${url}`).searchParams)).toMatchObject({ channel: 'dm', text: 'Love this story!', storyReply: true });
    expect(simulatorTryUrl(flow({ type: 'story_reply', keywords: ['giveaway'] }))).toContain('text=giveaway');
  });

  it('has nothing to offer when no message a contact sends would start the flow', () => {
    expect(simulatorTryUrl(flow({ type: 'keyword_dm', keywords: [] }))).toBeNull();
    expect(simulatorTryUrl(flow({ type: 'story_mention', keywords: [] }))).toBeNull();
    expect(simulatorTryUrl({ name: 'x', platform: 'multi', flowData: { nodes: [], edges: [] } })).toBeNull();
  });

  it('reads the URL back, and ignores a plain visit or a bad channel', () => {
    const url = new URL(`https://x${simulatorTryUrl(flow({ type: 'comment', keywords: ['guide'] }))!}`);
    expect(readSimulatorPrefill(url.searchParams)).toEqual({
      channel: 'comment',
      text: 'guide',
      platform: 'instagram',
      accountId: null,
      postId: null,
      flowName: 'Lead Magnet',
      storyReply: false,
    });
    expect(readSimulatorPrefill(new URLSearchParams(''))).toBeNull();
    expect(readSimulatorPrefill(new URLSearchParams('try=email&text=hi'))).toBeNull();
    expect(readSimulatorPrefill(new URLSearchParams('try=dm&text=%20'))).toBeNull();
  });

  it('comments on the post asked for, else the one whose caption invites the keyword, else the first', () => {
    const posts = [post('p1', 'Spring drop: comment PRICE'), post('p2', 'Free guide. Comment GUIDE to get it')];
    const prefill = (text: string, postId: string | null = null) => ({
      channel: 'comment' as const,
      text,
      platform: null,
      accountId: null,
      postId,
      flowName: null,
      storyReply: false,
    });
    expect(postForPrefill(posts, prefill('guide'))?.externalId).toBe('p2');
    expect(postForPrefill(posts, prefill('guide', 'p1'))?.externalId).toBe('p1');
    expect(postForPrefill(posts, prefill('event'))?.externalId).toBe('p1');
    expect(postForPrefill([], prefill('event'))).toBeNull();
  });
});
