import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import type { ImportLineError } from '../../../contracts/contact-import';
import { AppError } from '../../http/errors';

/** A data row and the CSV line it starts on (1 = the header). */
export type CsvRow = [line: number, values: string[]];

export interface ReadCsv {
  headers: string[];
  /** Lines the parser could not read or whose field count differs from the header's, with their values when read. */
  errors: (ImportLineError & { values: string[] })[];
  totalRows: number;
}

const lineBreaks = (s: string) => (s.match(/\n/g) ?? []).length;

/**
 * Reads a CSV with csv-parse's streaming parser (RFC 4180: quoted fields, doubled quotes, line
 * breaks inside quotes, a UTF-8 BOM, CRLF): the first record is the header; each data row goes to
 * `onRow` with the line it starts on. A malformed line (a stray quote, an unclosed one, a field
 * count that differs from the header's) is an error with its line number, never a thrown 500.
 * Both CRLF and LF end a record, whichever the first line used (files pasted together mix them).
 * Yields to the event loop between the parser's batches.
 */
export async function readImportCsv(text: string, onRow: (row: CsvRow) => void): Promise<ReadCsv> {
  const errors: ReadCsv['errors'] = [];
  const parser = Readable.from([text]).pipe(
    parse({
      bom: true,
      info: true,
      raw: true,
      record_delimiter: ['\r\n', '\n'],
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
    }),
  );
  parser.on('skip', (err: Error & { lines?: number }) => {
    errors.push({ line: err.lines ?? 0, reason: `Line ${err.lines ?? '?'}: ${err.message}`, values: [] });
  });
  let headers: string[] | null = null;
  let totalRows = 0;
  for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number }; raw: string }>) {
    const line = item.info.lines - lineBreaks(item.raw.replace(/\r?\n$/, ''));
    if (!headers) {
      headers = item.record.map((h, i) => h.trim() || `Column ${i + 1}`);
      const seen = new Set<string>();
      for (const h of headers) {
        if (seen.has(h))
          throw new AppError('BAD_REQUEST', `The column "${h}" appears twice in the header row`, [{ path: 'csv', message: `Line 1: duplicate column "${h}"` }]);
        seen.add(h);
      }
      continue;
    }
    totalRows += 1;
    if (item.record.length !== headers.length) {
      errors.push({ line, reason: `Line ${line} has ${item.record.length} fields, the header has ${headers.length}`, values: item.record });
    } else {
      onRow([line, item.record]);
    }
  }
  if (!headers) throw new AppError('BAD_REQUEST', 'The CSV has no header row', [{ path: 'csv', message: 'The first line must name the columns' }]);
  // Errors from the parser count as rows too: every line of data is imported, updated or rejected.
  totalRows += errors.filter((e) => e.values.length === 0).length;
  return { headers, errors, totalRows };
}
