import { describe, expect, it } from 'vitest';
import { nodeKindInfo, nodeKinds, type NodeKind } from '../node-kinds';
import { defaultConfig, nodeConfigSchemas } from '.';

/**
 * Defaults the user must finish: the palette drops these with an empty required field, and the
 * editor shows the schema's message until it is filled. Every other kind's default is valid as is.
 */
const incompleteDefaults: Partial<Record<NodeKind, [path: string, message: string][]>> = {
  instagramDM: [['text', 'Message text is required']],
  messengerDM: [['text', 'Message text is required']],
  twitterDM: [['text', 'Message text is required']],
  publicReply: [['text', 'Message text is required']],
  webhook: [['url', 'Enter a valid http(s) URL']],
  addTag: [['tag', 'Tag is required']],
  enrollSequence: [['sequenceId', 'Choose a sequence']],
  removeTag: [['tag', 'Tag is required']],
  setField: [
    ['field', 'Field name is required'],
    ['field', 'Field names use letters, digits and _ and start with a letter'],
  ],
};

describe('node configs', () => {
  it('gives every node kind a schema, a default config and a palette entry', () => {
    for (const kind of nodeKinds) {
      expect(nodeConfigSchemas[kind], kind).toBeDefined();
      expect(defaultConfig(kind), kind).toBeTypeOf('object');
      expect(nodeKindInfo[kind]?.label, kind).toBeTruthy();
    }
    expect(Object.keys(nodeConfigSchemas).sort()).toEqual([...nodeKinds].sort());
    expect(Object.keys(nodeKindInfo).sort()).toEqual([...nodeKinds].sort());
  });

  it.each(nodeKinds)('%s: the default parses, or fails only on the fields the user must fill', (kind) => {
    const parsed = nodeConfigSchemas[kind].safeParse(defaultConfig(kind));
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(incompleteDefaults[kind] ?? []);
  });

  it('hands out a fresh copy of a default each time', () => {
    const first = defaultConfig('condition') as { rules: unknown[] };
    first.rules.push({ subject: 'tag' });
    expect(defaultConfig('condition')).toEqual({ match: 'all', rules: [{ subject: 'tag', field: null, operator: 'has', value: '' }] });
  });
});
