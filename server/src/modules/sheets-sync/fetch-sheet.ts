import { ERROR_CODES } from '@contracts/errors';
import { parse } from 'csv-parse/sync';
import type { SheetSource } from '../../config';
import { AppError } from '../../lib/app-error';

export interface SheetRows {
  rows: string[][];
  /** Column names from a header row, lower-cased, or null for the fixed column order. */
  header: string[] | null;
  /** The sheet row number of rows[0], for reports (the Sheets API range starts at A2). */
  firstRowNumber: number;
}

/** RFC 3986 encoding, as Google documents ranges: 'RAW DATA'!A2:J → %27RAW%20DATA%27%21A2%3AJ. */
const encodeStrict = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const unreadable = (reason: string) =>
  new AppError(ERROR_CODES.badGateway, `Could not read the sheet: ${reason}`);

/** Reads the body with a size cap, so a wrong URL pointing at something huge cannot exhaust memory. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    unreadable(`it is larger than ${Math.max(1, Math.round(maxBytes / 1024 / 1024))} MB`);
  if (Number(response.headers.get('content-length')) > maxBytes) throw tooLarge();
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function get(url: string, limits: { timeoutMs: number; maxBytes: number }) {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs) });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw unreadable(
      timedOut ? `no answer within ${limits.timeoutMs / 1000} s` : 'the server could not be reached',
    );
  }
  return { response, body: await readCapped(response, limits.maxBytes) };
}

/**
 * Fetches the vehicle rows from the Google Sheets API v4 (values of the configured range) or from
 * a CSV URL (RFC 4180: quoted cells with commas, quotes and newlines, BOM, CRLF), per docs/wire-formats.md.
 */
export async function fetchSheetRows(
  source: SheetSource,
  limits: { timeoutMs: number; maxBytes: number },
): Promise<SheetRows> {
  if (source.kind === 'sheets-api') {
    const url = `${source.baseUrl}/v4/spreadsheets/${encodeURIComponent(source.sheetId)}/values/${encodeStrict(source.range)}?key=${encodeURIComponent(source.apiKey)}`;
    const { response, body } = await get(url, limits);
    let json: { values?: unknown; error?: { message?: string } };
    try {
      json = JSON.parse(body);
    } catch {
      throw unreadable(`the Sheets API answered ${response.status} with something that is not JSON`);
    }
    if (!response.ok) throw unreadable(json.error?.message ?? `the Sheets API answered ${response.status}`);
    const values = Array.isArray(json.values) ? json.values : [];
    const rows = values.map((row) =>
      Array.isArray(row) ? row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))) : [],
    );
    const startRow = Number(/![A-Z]+(\d+)/i.exec(source.range)?.[1] ?? 1);
    return { rows, header: null, firstRowNumber: startRow };
  }
  const { response, body } = await get(source.url, limits);
  if (!response.ok) throw unreadable(`the CSV host answered ${response.status}`);
  let records: string[][];
  try {
    records = parse(body, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    throw unreadable(`the CSV is malformed (${(error as Error).message})`);
  }
  const first = records[0]?.map((c) => c.trim().toLowerCase()) ?? [];
  const hasHeader = first.includes('vin');
  return {
    rows: hasHeader ? records.slice(1) : records,
    header: hasHeader ? first : null,
    firstRowNumber: hasHeader ? 2 : 1,
  };
}
