import { BlockedAddressError, DeadlineError, guardedFetch } from '../../integrations/http/guarded-fetch';

/** Why a page could not be read, in words for the person who typed the address. */
export class ScanFailedError extends Error {}

export interface FetchPageOptions {
  allowLoopback: boolean;
  /** The epoch ms by which the whole scan must be done; each hop gets what is left. */
  deadline: number;
  maxBytes: number;
  /** 'html' refuses other content types; 'xml' is for the sitemap. */
  expect: 'html' | 'xml';
}

export interface FetchedPage {
  /** Where the content came from after redirects. */
  url: string;
  body: string;
}

const MAX_REDIRECTS = 5;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const userAgent = 'Mozilla/5.0 (compatible; ReplypilotSiteScan/1.0; +knowledge base import)';

/**
 * GET one page through the SSRF guard, following at most five redirects ourselves: the guard does
 * not follow them, so every hop's host is resolved and checked again (a public site redirecting to
 * 169.254.169.254 or 10.0.0.1 is refused like typing it). One deadline covers all the hops.
 */
export async function fetchPage(start: string, opts: FetchPageOptions): Promise<FetchedPage> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const timeoutMs = opts.deadline - Date.now();
    if (timeoutMs <= 0) throw new ScanFailedError('The site took too long to answer.');
    let res;
    try {
      res = await guardedFetch(
        url,
        {
          method: 'GET',
          headers: { 'user-agent': userAgent, accept: opts.expect === 'html' ? 'text/html,application/xhtml+xml' : 'application/xml,text/xml' },
          timeoutMs,
          maxBodyBytes: opts.maxBytes,
        },
        { allowLoopback: opts.allowLoopback },
      );
    } catch (err) {
      throw new ScanFailedError(reasonFor(err, url));
    }
    const location = header(res.headers.location);
    if (redirectStatuses.has(res.status) && location) {
      const next = resolveRedirect(location, url);
      if (!next) throw new ScanFailedError('The site redirected to an address that is not a web page.');
      url = next;
      continue;
    }
    if (res.status < 200 || res.status > 299) throw new ScanFailedError(`The site answered with HTTP ${res.status} for ${url}.`);
    const type = (header(res.headers['content-type']) ?? '').toLowerCase();
    if (opts.expect === 'html' && !/text\/html|application\/xhtml\+xml/.test(type)) {
      throw new ScanFailedError(`${url} is not a web page (${type.split(';')[0] || 'no content type'}).`);
    }
    if (res.truncated) throw new ScanFailedError(`${url} is larger than ${Math.round(opts.maxBytes / 1000).toLocaleString('en-US')} KB.`);
    return { url, body: res.body };
  }
  throw new ScanFailedError(`The site redirected more than ${MAX_REDIRECTS} times.`);
}

function header(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function resolveRedirect(location: string, base: string): string | null {
  try {
    const u = new URL(location, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function reasonFor(err: unknown, url: string): string {
  if (err instanceof BlockedAddressError) {
    // The guard's message speaks of webhooks; the scan says the same thing in its own words.
    return /Only http and https/.test(err.message)
      ? 'Only http:// and https:// addresses can be scanned.'
      : `${new URL(url).host} is a private or local address, which cannot be scanned.`;
  }
  if (err instanceof DeadlineError) return 'The site took too long to answer.';
  const code = (err as NodeJS.ErrnoException).code;
  const host = new URL(url).host;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${host} could not be found. Check the address.`;
  if (code === 'ECONNREFUSED') return `${host} refused the connection.`;
  if (code === 'ECONNRESET') return `${host} closed the connection.`;
  if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return `${host} has an invalid HTTPS certificate.`;
  return `${host} could not be reached.`;
}
