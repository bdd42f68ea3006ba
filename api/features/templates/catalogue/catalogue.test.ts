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

  it('does not change the catalogue when a graph is retargeted and filled', () => {
    const before = JSON.stringify(builtInTemplates);
    for (const t of builtInTemplates) fillTemplateGraph(graphForPlatform(t.graph, 'twitter'), factsCases['no facts']);
    expect(JSON.stringify(builtInTemplates)).toBe(before);
  });
});
