/**
 * How the fake Graph API reads a Send API `message` (docs/platform-apis.md §2.5): plain text, text
 * with `quick_replies`, or a button template. It refuses what Meta refuses, with Meta's (#100) code:
 * more than 13 quick replies, a text quick reply without a title or payload, a title over 20
 * characters, a button template without text, with no buttons or more than 3, text over 640
 * characters, a button of an unknown type, a `web_url` button without a URL, a postback without a payload.
 */
export type FakeQuickReply = { content_type: 'text'; title: string; payload: string } | { content_type: 'user_email' | 'user_phone_number' };
export type FakeButton = { type: 'web_url'; title: string; url: string } | { type: 'postback'; title: string; payload: string };

export type ReadMessage = { ok: true; text: string; quickReplies: FakeQuickReply[]; buttons: FakeButton[] } | { ok: false; message: string };

const bad = (message: string): ReadMessage => ({ ok: false, message: `(#100) ${message}` });

export function readMessageContent(message: Record<string, unknown>): ReadMessage {
  const quickReplies: FakeQuickReply[] = [];
  const rawQuick = message.quick_replies;
  if (rawQuick !== undefined) {
    if (!Array.isArray(rawQuick)) return bad('param message[quick_replies] must be an array');
    if (rawQuick.length > 13) return bad('param message[quick_replies] must have at most 13 elements');
    for (const q of rawQuick as Record<string, unknown>[]) {
      if (q.content_type === 'user_email' || q.content_type === 'user_phone_number') quickReplies.push({ content_type: q.content_type });
      else if (q.content_type === 'text') {
        if (typeof q.title !== 'string' || q.title === '') return bad('Quick reply title is required when content_type is text');
        if ([...q.title].length > 20) return bad('param message[quick_replies][title] must be at most 20 characters');
        if (typeof q.payload !== 'string' || q.payload === '') return bad('Quick reply payload is required when content_type is text');
        quickReplies.push({ content_type: 'text', title: q.title, payload: q.payload });
      } else return bad(`Invalid content_type for quick reply: ${String(q.content_type)}`);
    }
  }
  const attachment = message.attachment as { type?: string; payload?: Record<string, unknown> } | undefined;
  if (attachment === undefined) return { ok: true, text: typeof message.text === 'string' ? message.text : '', quickReplies, buttons: [] };
  if (typeof message.text === 'string') return bad('Only one of message[text] and message[attachment] may be set');
  const payload = attachment.payload ?? {};
  if (attachment.type !== 'template' || payload.template_type !== 'button') return bad('The fake only knows button templates');
  const text = typeof payload.text === 'string' ? payload.text : '';
  if (text === '') return bad('param message[attachment][payload][text] is required');
  if ([...text].length > 640) return bad('param message[attachment][payload][text] must be at most 640 characters');
  const raw = Array.isArray(payload.buttons) ? (payload.buttons as Record<string, unknown>[]) : [];
  if (raw.length < 1 || raw.length > 3) return bad('param message[attachment][payload][buttons] must have 1 to 3 elements');
  const buttons: FakeButton[] = [];
  for (const b of raw) {
    if (typeof b.title !== 'string' || b.title === '' || [...b.title].length > 20) return bad('Button title is required and at most 20 characters');
    if (b.type === 'web_url') {
      if (typeof b.url !== 'string' || !/^https?:\/\//.test(b.url)) return bad('param url must be a valid URL');
      buttons.push({ type: 'web_url', title: b.title, url: b.url });
    } else if (b.type === 'postback') {
      if (typeof b.payload !== 'string' || b.payload === '' || b.payload.length > 1000) return bad('Postback payload is required and at most 1000 characters');
      buttons.push({ type: 'postback', title: b.title, payload: b.payload });
    } else return bad(`Invalid button type: ${String(b.type)}`);
  }
  return { ok: true, text, quickReplies, buttons };
}
