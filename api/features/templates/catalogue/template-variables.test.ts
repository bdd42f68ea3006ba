import { describe, expect, it } from 'vitest';
import { findBuiltInTemplate } from './index';
import { describeVariables, fillTemplateGraph, missingVariables, variablesFor, variablesUsed, type WorkspaceFacts } from './template-variables';

const none: WorkspaceFacts = { businessName: null, websiteUrl: null, tone: 'friendly', offer: null, profile: {} };

describe('template variables: values, missing facts and what the preview lists', () => {
  it('marks each missing fact with what it is and where to add it, and reports it missing', () => {
    const vars = variablesFor(none);
    expect(vars).toMatchObject({
      business_name: 'our team',
      offer_link: '[your offer link — add it in Knowledge]',
      pricing: '[your pricing — add it in Knowledge]',
      business_hours: '[your business hours — add them in Knowledge]',
      returns: '[your returns policy — add it in Knowledge]',
    });
    expect([...missingVariables(none)].sort()).toEqual(['business_hours', 'business_name', 'offer_link', 'offer_name', 'pricing', 'returns']);
  });

  it('a website stands in for a missing offer link; blank answers count as missing', () => {
    const facts: WorkspaceFacts = { ...none, businessName: '  ', websiteUrl: 'https://shop.example', profile: { pricing: ' ' } };
    expect(variablesFor(facts).offer_link).toBe('https://shop.example');
    const missing = missingVariables(facts);
    expect(missing.has('offer_link')).toBe(false);
    expect(missing.has('business_name')).toBe(true);
    expect(missing.has('pricing')).toBe(true);
  });

  it('lists only the variables a template uses, in order, with the values activation fills in', () => {
    const magnet = findBuiltInTemplate('lead_magnet')!;
    expect(variablesUsed(magnet.graph)).toEqual(['greeting', 'business_name', 'offer_link']);
    const facts: WorkspaceFacts = { ...none, businessName: 'BrightPath', offer: { name: 'Guide', url: 'https://b.example/guide' } };
    expect(describeVariables(magnet.graph, facts)).toEqual([
      { name: 'greeting', label: 'Greeting (from your tone)', value: 'Hi {first_name}! 😊', missing: false, fix: null },
      { name: 'business_name', label: 'Business name', value: 'BrightPath', missing: false, fix: null },
      { name: 'offer_link', label: 'Offer link', value: 'https://b.example/guide', missing: false, fix: null },
    ]);
    const filled = JSON.stringify(fillTemplateGraph(magnet.graph, variablesFor(facts)));
    expect(filled).toContain('Here is the free guide from BrightPath: https://b.example/guide');
  });
});
