import { readFile } from 'node:fs/promises';
import { request } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { guardedLookup, isAllowedAddress } from './public-address';

/** Why an image of the sheet could not be fetched, in words for the admin's sync report. */
export class ImageFetchFailed extends Error {}

export interface ImageFetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Extra CA certificates (PEM) trusted besides the system's, e.g. a company's private CA. */
  extraCa?: string | null;
  /** Non-public networks an operator allowed (SHEET_IMAGE_ALLOWED_NETWORKS); public ones always are. */
  allowedNetworks?: BlockList;
}

const NO_NETWORKS = new BlockList();
/** One answer for every failure to connect, so the report maps no internal host or service. */
const unreachable = () => new ImageFetchFailed('the image host could not be reached');

const MAX_REDIRECTS = 3;

/**
 * GETs one https image URL of the sheet's `images` column: redirects followed (https only, at most
 * 3), one deadline for the whole exchange, the body capped while it streams so a wrong URL cannot
 * exhaust memory. Written on node:https rather than fetch because fetch cannot be given extra CAs
 * per call (see docs/decisions/0010-sheet-images.md).
 */
export async function fetchImage(url: string, limits: ImageFetchLimits): Promise<Buffer> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const ca = limits.extraCa ? [...rootCertificates, limits.extraCa] : undefined;
  const allowed = limits.allowedNetworks ?? NO_NETWORKS;
  const lookup = guardedLookup(allowed);
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    // An address written in the URL skips DNS (and so the lookup's check): checked here, every hop.
    const host = new URL(current).hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isAllowedAddress(host, allowed)) throw unreachable();
    const answer = await get(current, { ...limits, ca, lookup, signal: deadline });
    if ('body' in answer) return answer.body;
    const next = new URL(answer.location, current);
    if (next.protocol !== 'https:') throw new ImageFetchFailed('it redirects to a URL that is not https');
    current = next.href;
  }
  throw new ImageFetchFailed(`it redirects more than ${MAX_REDIRECTS} times`);
}

function get(
  url: string,
  options: ImageFetchLimits & { ca: string[] | undefined; lookup: LookupFunction; signal: AbortSignal },
): Promise<{ body: Buffer } | { location: string }> {
  return new Promise((resolve, reject) => {
    const fail = (message: string) => reject(new ImageFetchFailed(message));
    const req = request(
      url,
      { method: 'GET', ca: options.ca, lookup: options.lookup, signal: options.signal },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ location: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          fail(`the image host answered ${status}`);
          return;
        }
        const tooLarge = () => `it is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`;
        if (Number(res.headers['content-length']) > options.maxBytes) {
          res.destroy();
          fail(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > options.maxBytes) {
            res.destroy();
            fail(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ body: Buffer.concat(chunks) }));
        res.on('error', () => fail('the connection broke'));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (options.signal.aborted) fail(`no answer within ${options.timeoutMs / 1000} s`);
      else if (/CERT|ERR_TLS/.test(error.code ?? '') || /certificate/i.test(error.message))
        fail('its certificate is not trusted');
      else reject(unreachable());
    });
    req.end();
  });
}

/** SHEET_IMAGE_CA_FILE, read once at start-up: a missing or non-PEM file stops the start with why. */
export async function readCaFile(path: string) {
  const pem = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`SHEET_IMAGE_CA_FILE: cannot read ${path} (${error.code ?? error.message})`);
  });
  if (!pem.includes('-----BEGIN CERTIFICATE-----'))
    throw new Error(`SHEET_IMAGE_CA_FILE: ${path} holds no PEM certificate`);
  return pem;
}
