/**
 * A small text/event-stream decoder (the parts POST /api/kb/chat/stream uses): feed it decoded text
 * chunks as they arrive, get back the `data` payload of every event a chunk completed. Lines may end
 * in LF, CRLF or CR, and a chunk may end anywhere (mid-line, between CR and LF); comment lines (`:`)
 * and the other fields (event, id, retry) are ignored; several `data` lines join with a newline.
 */
export interface SseDecoder {
  push(chunk: string): string[];
  /** The stream ended: a last event not yet closed by a blank line is still delivered. */
  flush(): string[];
}

export function createSseDecoder(): SseDecoder {
  let buffer = '';
  let dataLines: string[] = [];

  function dispatch(out: string[]) {
    if (dataLines.length > 0) out.push(dataLines.join('\n'));
    dataLines = [];
  }

  function handleLine(line: string, out: string[]) {
    if (line === '') return dispatch(out);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') dataLines.push(value);
  }

  return {
    push(chunk) {
      buffer += chunk;
      const out: string[] = [];
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
        if (c === '\r' && i + 1 === buffer.length) break;
        const line = buffer.slice(start, i);
        if (c === '\r' && buffer[i + 1] === '\n') i += 1;
        start = i + 1;
        handleLine(line, out);
      }
      buffer = buffer.slice(start);
      return out;
    },
    flush() {
      const out: string[] = [];
      const rest = buffer.replace(/\r$/, '');
      buffer = '';
      if (rest) handleLine(rest, out);
      dispatch(out);
      return out;
    },
  };
}
