import { describe, expect, it } from 'vitest';
import { compile } from '../../../../flow-compiler/compile';
import { flowGraphSchema, type FlowGraph } from '../../../../contracts/flows';
import { builtInTemplates } from './index';
import { flowPlatformOf, graphForPlatform } from './for-platform';
import { fillTemplateGraph, variablesFor } from './template-variables';

const longAnswer = 'x'.repeat(5000);
const factsCases = {
  'no facts': variablesFor({ businessName: null, websiteUrl: null, tone: 'friendly', offer: null, profile: {} }),
  'every fact, long answers': variablesFor({
    businessName: 'BrightPath Coaching',
    websiteUrl: 'https://brightpath.example',
    tone: 'energetic',
    offer: { name: '1:1 Coaching', url: 'https://brightpath.example/coaching' },
    profile: { pricing: longAnswer, business_hours: longAnswer, returns: longAnswer },
  }),
};
const texts = (g: FlowGraph) => g.nodes.map((n) => JSON.stringify(n.data.config)).join('\n');

describe('the built-in template catalogue', () => {
  it('has at least 15 templates with unique ids, including the five onboarding templates', () => {
    expect(builtInTemplates.length).toBeGreaterThanOrEqual(15);
    const ids = builtInTemplates.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['lead_magnet', 'product_demo', 'customer_support', 'event_promotion', 'community_building']));
  });

  for (const template of builtInTemplates) {
    for (const platform of template.platforms) {
      for (const [facts, vars] of Object.entries(factsCases)) {
        it(`${template.id} compiles on ${platform} (${facts})`, () => {
          const graph = flowGraphSchema.parse(fillTemplateGraph(graphForPlatform(template.graph, platform), vars));
          const result = compile(graph, flowPlatformOf[platform]);
          expect(result.errors).toEqual([]);
          expect(texts(graph)).not.toMatch(/\[\[/);
        });
      }
    }
  }

  it('keeps at least three tags per template (cards show the first three) and a trigger every template starts from', () => {
    for (const t of builtInTemplates) {
      expect(t.tags.length, t.id).toBeGreaterThanOrEqual(3);
      expect(
        t.graph.nodes.filter((n) => n.data.kind === 'trigger'),
        t.id,
      ).toHaveLength(1);
    }
  });

  it('the FAQ bot answers with the AI Reply step (knowledge base) and hands off to a person otherwise, on every platform', () => {
    const faq = builtInTemplates.find((t) => t.id === 'faq_bot')!;
    expect(faq.platforms).toEqual(['instagram', 'facebook', 'twitter']);
    expect(faq.smartkbIntegration).toBe(true);
    for (const platform of faq.platforms) {
      const result = compile(flowGraphSchema.parse(fillTemplateGraph(graphForPlatform(faq.graph, platform), factsCases['no facts'])), flowPlatformOf[platform]);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      const ai = Object.values(result.plan.nodes).find((n) => n.kind === 'aiReply');
      expect(ai, platform).toBeDefined();
      expect(Object.keys(ai!.next).sort()).toEqual(['answered', 'handoff']);
    }
  });

  it('the story-reply welcome starts from a story_reply trigger with no keywords (every reply)', () => {
    const story = builtInTemplates.find((t) => t.id === 'story_reply_welcome')!;
    expect(story.graph.nodes.find((n) => n.data.kind === 'trigger')!.data.config).toMatchObject({ type: 'story_reply', keywords: [] });
    expect(story.platforms).toEqual(['instagram']);
  });

  it('the Live comment template takes Instagram Live comments only', () => {
    const live = builtInTemplates.find((t) => t.id === 'live_comment_link')!;
    expect(live.graph.nodes.find((n) => n.data.kind === 'trigger')!.data.config).toMatchObject({ type: 'comment', commentsOn: 'live', keywords: ['link'] });
  });

  it('the story-mention thank-you starts from a real story_mention trigger, not a keyword', () => {
    const story = builtInTemplates.find((t) => t.id === 'story_thank_you')!;
    const trigger = story.graph.nodes.find((n) => n.data.kind === 'trigger')!;
    expect(trigger.data.config).toMatchObject({ type: 'story_mention', keywords: [] });
    expect(story.platforms).toEqual(['instagram']);
  });

  it('"Follow to get the link" is Instagram only and gates the link on a Follow gate with every branch connected', () => {
    const gate = builtInTemplates.find((t) => t.id === 'follow_to_get_link')!;
    expect(gate.name).toBe('Follow to get the link');
    expect(gate.platforms).toEqual(['instagram']);
    const names = builtInTemplates.map((t) => t.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const result = compile(flowGraphSchema.parse(fillTemplateGraph(gate.graph, factsCases['no facts'])), 'instagram');
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const node = Object.values(result.plan.nodes).find((n) => n.kind === 'followGate')!;
    expect(Object.keys(node.next).sort()).toEqual(['following', 'notFollowing', 'timeout']);
    expect(result.plan.trigger.type).toBe('comment');
  });

  it('does not change the catalogue when a graph is retargeted and filled', () => {
    const before = JSON.stringify(builtInTemplates);
    for (const t of builtInTemplates) fillTemplateGraph(graphForPlatform(t.graph, 'twitter'), factsCases['no facts']);
    expect(JSON.stringify(builtInTemplates)).toBe(before);
  });
});
