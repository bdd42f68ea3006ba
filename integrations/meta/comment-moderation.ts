import { graphClientFor, type MetaHosts, type MetaSender } from './meta-send';

/**
 * Hiding or deleting a comment on the account's own media (docs/platform-apis.md §2.14): Instagram
 * `POST /{ig-comment-id}?hide=true|false`, Facebook Page `POST /{comment-id}?is_hidden=true|false`;
 * both `DELETE /{comment-id}`. Each answers `{success: true}`; hiding a hidden comment or deleting
 * a deleted one changes nothing more, so a retried call is harmless.
 */
export async function moderateMetaComment(sender: MetaSender, hosts: MetaHosts, commentId: string, action: 'hide' | 'unhide' | 'delete'): Promise<void> {
  const client = graphClientFor(sender, hosts);
  const path = `/${encodeURIComponent(commentId)}`;
  if (action === 'delete') {
    await client.call('DELETE', path, sender.token);
    return;
  }
  const hidden = action === 'hide' ? 'true' : 'false';
  await client.call('POST', path, sender.token, { query: sender.platform === 'instagram' ? { hide: hidden } : { is_hidden: hidden } });
}
