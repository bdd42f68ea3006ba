import { z } from 'zod';
import { fieldName } from './shared';

/**
 * Headers a webhook node may not set: Host would pick a name-based virtual
 * host on whatever address the URL resolves to; the others are hop-by-hop or frame the message,
 * which the HTTP client sets from the request itself. Refused when publishing, dropped when calling.
 */
const forbiddenWebhookHeaders = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'keep-alive']);
export function isForbiddenWebhookHeader(name: string): boolean {
  const n = name.trim().toLowerCase();
  return forbiddenWebhookHeaders.has(n) || n.startsWith('proxy-');
}
const webhookHeaderName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .superRefine((key, ctx) => {
    if (isForbiddenWebhookHeader(key)) ctx.addIssue({ code: 'custom', message: `The "${key}" header can't be set on a webhook` });
  });

/** webhook: call an external HTTP endpoint. */
export const webhookConfig = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('POST'),
  url: z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL' }).max(2000),
  headers: z
    .array(z.object({ key: webhookHeaderName, value: z.string().max(2000) }))
    .max(20)
    .default([]),
  /** JSON body template; `{first_name}`-style variables are filled in (JSON-escaped) before sending. */
  body: z.string().max(10_000).default(''),
  /** Save the response body (parsed JSON or text) to this contact field. */
  saveResponseTo: fieldName.nullable().default(null),
});

/** Empty URL on purpose: the user enters it. */
export const webhookDefault = { method: 'POST', url: '', headers: [], body: '', saveResponseTo: null } satisfies z.infer<typeof webhookConfig>;
