import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The decode row vPIC gives for a VIN it knows (DecodeVinValues' field names, docs/wire-formats.md). */
export interface VpicRow {
  ModelYear: string;
  Make: string;
  Model: string;
  Trim: string;
  Series: string;
}

/**
 * What the fake does for one VIN: answer a decoded row, answer vPIC's error codes with empty fields
 * (e.g. '6' incomplete, '1,11' check digit and model year), fail with an HTTP status, or never answer.
 */
export type VpicAnswer = { row: VpicRow } | { errorCode: string } | { status: number } | 'hang';

export interface FakeVpic {
  /** The base URL the app's VPIC_BASE_URL takes (`…/api`). */
  baseUrl: string;
  /** How many requests it has had. */
  readonly calls: number;
  stop(): Promise<void>;
}

/** The 2003 Honda Accord EX-V6 every fake vPIC knows (a real VIN with a valid check digit). */
export const ACCORD_VIN = '1HGCM82633A004352';
const EMPTY_ROW: VpicRow = { ModelYear: '', Make: '', Model: '', Trim: '', Series: '' };
export const ACCORD_ROW: VpicRow = {
  ModelYear: '2003',
  Make: 'HONDA',
  Model: 'Accord',
  Trim: 'EX-V6',
  Series: '',
};

/**
 * A fake NHTSA vPIC on 127.0.0.1 speaking the real `DecodeVinValues/{vin}?format=json` shape:
 * `answer(vin)` says what to do per VIN; a VIN it returns nothing for gets vPIC's own "incomplete"
 * answer (error code 6, empty fields), on which the app decodes offline.
 */
export async function startFakeVpic(
  answer: (vin: string) => VpicAnswer | undefined = knowsTheAccord,
): Promise<FakeVpic> {
  let calls = 0;
  const server: Server = createServer((request, response) => {
    calls++;
    const vin = /DecodeVinValues\/([^?/]+)/.exec(request.url ?? '')?.[1] ?? '';
    const what = answer(vin);
    if (what === 'hang') return;
    if (what && 'status' in what) {
      response.writeHead(what.status).end('error');
      return;
    }
    const row =
      what && 'row' in what
        ? { ...what.row, ErrorCode: '0', ErrorText: '0 - VIN decoded clean' }
        : {
            ...EMPTY_ROW,
            ErrorCode: what?.errorCode ?? '6',
            ErrorText: `${what?.errorCode ?? '6'} - Incomplete VIN`,
          };
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        Count: 1,
        Message: 'Results returned successfully',
        SearchCriteria: `VIN:${vin}`,
        Results: [{ ...row, VIN: vin }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    get calls() {
      return calls;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The default answers: the Accord decodes, every other VIN is "incomplete". */
export function knowsTheAccord(vin: string): VpicAnswer | undefined {
  return vin === ACCORD_VIN ? { row: ACCORD_ROW } : undefined;
}
