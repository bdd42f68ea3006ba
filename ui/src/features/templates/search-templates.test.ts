import { describe, expect, it } from 'vitest';
import type { FlowTemplate } from '@contracts/templates';
import { searchTemplates } from './search-templates';

const template = (id: string, name: string, description: string, tags: string[]) =>
  ({ id, name, description, tags }) as Pick<FlowTemplate, 'id' | 'name' | 'description' | 'tags'> as FlowTemplate;
const all = [
  template('a', 'Lead Magnet', 'Send a free guide', ['comments']),
  template('b', 'Booking Link', 'Pick a time', ['Appointments']),
  template('c', 'Waitlist', 'Early access sign-ups', ['email']),
];

describe('searchTemplates', () => {
  it('matches name, description and tags without regard to case', () => {
    expect(searchTemplates(all, 'LEAD').map((t) => t.id)).toEqual(['a']);
    expect(searchTemplates(all, 'early ACCESS').map((t) => t.id)).toEqual(['c']);
    expect(searchTemplates(all, 'appointments').map((t) => t.id)).toEqual(['b']);
  });

  it('returns everything for a blank query and nothing for a miss', () => {
    expect(searchTemplates(all, '  ')).toHaveLength(3);
    expect(searchTemplates(all, 'tiktok')).toEqual([]);
  });
});
