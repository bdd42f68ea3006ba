import net from 'node:net';

export interface HeldUpload {
  /** The status the server answered with, or null when it closed the connection without one. */
  status: Promise<number | null>;
  /** The raw response (status line, headers, body) once the connection closed. */
  response: Promise<string>;
  /** Resolves when the server closed the connection. */
  closed: Promise<void>;
  /** Stops trickling and closes the socket. */
  stop(): void;
}

/**
 * A slow upload as an attacker holds one: a POST that declares
 * `declared` bytes, sends `first` bytes of body at once, then one more byte every `trickleMs` (0: none)
 * as long as the body is not complete, from the local address `from` (127.0.0.2…, so the server sees
 * another client).
 */
export function heldUpload(
  baseUrl: string,
  opts: { path: string; headers: Record<string, string>; declared: number; first?: number; trickleMs?: number; from?: string },
): HeldUpload {
  const url = new URL(baseUrl);
  const socket = net.connect({ host: url.hostname, port: Number(url.port), ...(opts.from ? { localAddress: opts.from } : {}) });
  let raw = '';
  let timer: NodeJS.Timeout | undefined;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('data', (c: Buffer) => (raw += c.toString('latin1')));
  socket.on('error', () => undefined); // a reset by the server is an answer too
  socket.once('connect', () => {
    const head = [
      `POST ${opts.path} HTTP/1.1`,
      `Host: ${url.host}`,
      `Content-Length: ${opts.declared}`,
      ...Object.entries(opts.headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    let sent = opts.first ?? 1;
    socket.write(Buffer.alloc(sent, '{'));
    if (opts.trickleMs === 0) return;
    timer = setInterval(() => {
      if (socket.destroyed || sent >= opts.declared - 1) return;
      socket.write(' ');
      sent++;
    }, opts.trickleMs ?? 500);
  });
  void closed.then(() => clearInterval(timer));
  const response = closed.then(() => raw);
  return {
    status: response.then((r) => {
      const m = /^HTTP\/1\.1 (\d{3})/.exec(r);
      return m ? Number(m[1]) : null;
    }),
    response,
    closed,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}
