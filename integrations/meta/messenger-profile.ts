import { z } from 'zod';
import type { MetaHosts, MetaSender } from './meta-send';
import { graphClientFor } from './meta-send';

/**
 * The Messenger Profile API (docs/platform-apis.md §2.12): ice breakers and the persistent menu of a
 * Page, or of an Instagram account (`platform=instagram`; through its Page on the Facebook Login
 * path, on graph.instagram.com for Instagram Login).
 */
export type ProfileField = 'ice_breakers' | 'persistent_menu';
export interface MetaCallToAction {
  question?: string;
  title?: string;
  type?: string;
  payload?: string;
  url?: string;
}
export interface MetaLocaleBlock {
  locale: string;
  call_to_actions: MetaCallToAction[];
}

const cta = z
  .object({
    question: z.string().optional(),
    title: z.string().optional(),
    type: z.string().optional(),
    payload: z.string().optional(),
    url: z.string().optional(),
  })
  .loose();
const block = z.object({ locale: z.string().default('default'), call_to_actions: z.array(cta).default([]) }).loose();
// ice_breakers answers its locale blocks as `data` (the old format: `data[0].ice_breakers`, one list); persistent_menu answers `data[0].persistent_menu`.
const getAnswer = z.object({ data: z.array(z.record(z.string(), z.unknown())).default([]) }).loose();

function target(sender: Pick<MetaSender, 'platform' | 'loginPath' | 'externalId' | 'pageId'>) {
  const node = sender.loginPath === 'instagram' ? sender.externalId : (sender.pageId ?? sender.externalId);
  return { node, query: sender.platform === 'instagram' ? { platform: 'instagram' } : ({} as Record<string, string>) };
}

export async function readMessengerProfile(sender: MetaSender, hosts: MetaHosts, field: ProfileField): Promise<MetaLocaleBlock[]> {
  const { node, query } = target(sender);
  const res = getAnswer.parse(
    await graphClientFor(sender, hosts).call('GET', `/${node}/messenger_profile`, sender.token, { query: { ...query, fields: field } }),
  );
  if (field === 'persistent_menu') return z.array(block).parse(res.data[0]?.persistent_menu ?? []);
  const first = res.data[0];
  if (first && Array.isArray(first.ice_breakers)) return [{ locale: 'default', call_to_actions: z.array(cta).parse(first.ice_breakers) }];
  return z.array(block).parse(res.data);
}

export async function writeMessengerProfile(sender: MetaSender, hosts: MetaHosts, field: ProfileField, blocks: MetaLocaleBlock[]): Promise<void> {
  const { node, query } = target(sender);
  const body: Record<string, unknown> = { ...query, [field]: blocks };
  await graphClientFor(sender, hosts).call('POST', `/${node}/messenger_profile`, sender.token, { query, json: body });
}

export async function clearMessengerProfile(sender: MetaSender, hosts: MetaHosts, field: ProfileField): Promise<void> {
  const { node, query } = target(sender);
  await graphClientFor(sender, hosts).call('DELETE', `/${node}/messenger_profile`, sender.token, { query, json: { fields: [field] } });
}
