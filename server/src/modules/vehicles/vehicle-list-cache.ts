import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Photo } from '@contracts/condition-report';
import { galleryOrder } from '@contracts/condition-report-rules';
import type { PublicVehicleDetail } from '@contracts/vehicle';
import { toPublicListItem } from './vehicle-projection';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface SerializedList extends Precompressed {
  etag: string;
  count: number;
  /**
   * Each published vehicle's page JSON (every photo and the whole report), for GET /api/vehicles/:id
   * (the detail page's hot path). The list itself carries only the cover photo and the grade.
   */
  byId: Map<number, Buffer>;
  /** Each published vehicle's first gallery photo, which the page's HTML preloads (plugins/web-app.ts). */
  galleryFirst: Map<number, Photo>;
}

/**
 * The public vehicle list, serialised and compressed once per change (the hottest path of the
 * product). `invalidate()` is called on NOTIFY vehicles_changed (every instance, every writer)
 * and after each successful request to a route declaring `config.changesVehicles` on this
 * instance, so a client never reads its own write stale.
 */
export class VehicleListCache {
  private current: Promise<SerializedList> | null = null;
  private version = 0;
  /** How many times the list was built: each build reads every published vehicle. */
  builds = 0;
  /** How many times it was dropped (a NOTIFY or a declaring route). */
  invalidations = 0;

  constructor(private readonly load: () => Promise<PublicVehicleDetail[]>) {}

  get(): Promise<SerializedList> {
    if (this.current) return this.current;
    const startedAt = this.version;
    const building = this.build();
    this.current = building;
    building.then(
      () => {
        // A change that arrived while building makes this result stale for the next reader.
        if (this.version !== startedAt && this.current === building) this.current = null;
      },
      () => {
        if (this.current === building) this.current = null;
      },
    );
    return building;
  }

  invalidate() {
    this.invalidations++;
    this.version++;
    this.current = null;
  }

  private async build(): Promise<SerializedList> {
    this.builds++;
    const list = await this.load();
    // One buffer holds the whole list array; each page's JSON is its own buffer.
    const parts: Buffer[] = [];
    const byId = new Map<number, Buffer>();
    const galleryFirst = new Map<number, Photo>();
    let offset = 1;
    for (const vehicle of list) {
      const json = Buffer.from(JSON.stringify(toPublicListItem(vehicle)));
      byId.set(vehicle.id, Buffer.from(JSON.stringify(vehicle)));
      const first = galleryOrder(vehicle)[0];
      if (first) galleryFirst.set(vehicle.id, first);
      parts.push(json);
      offset += json.length + 1;
    }
    const identity = Buffer.alloc(Math.max(offset, 2), ',');
    identity[0] = 0x5b; // [
    identity[identity.length - 1] = 0x5d; // ]
    let at = 1;
    for (const json of parts) {
      json.copy(identity, at);
      at += json.length + 1;
    }
    const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    // The list is read by every visitor in both encodings: compressed both ways before it is served.
    const encoded = precompressed(identity);
    await Promise.all([encoded.encoded('gzip'), encoded.encoded('br')]);
    return { etag, ...encoded, count: list.length, byId, galleryFirst };
  }
}

/**
 * A JSON answer in each encoding pickEncoding may choose: each compressed when first asked and kept
 * for every later reader (a search's answer is mostly read in one encoding: compressing it both
 * ways took the CPU of a second compression for nothing).
 */
export interface Precompressed {
  identity: Buffer;
  encoded(encoding: Encoding): Promise<Buffer>;
}

export type Encoding = 'br' | 'gzip' | 'identity';

export function precompressed(identity: Buffer): Precompressed {
  const kept = new Map<Encoding, Promise<Buffer>>();
  const compress = (encoding: Encoding) =>
    encoding === 'identity'
      ? Promise.resolve(identity)
      : encoding === 'gzip'
        ? gzipAsync(identity, { level: 6 })
        : brotliAsync(identity, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          });
  return {
    identity,
    encoded(encoding) {
      let bytes = kept.get(encoding);
      if (!bytes) {
        bytes = compress(encoding);
        kept.set(encoding, bytes);
        // A failed compression is tried again by the next reader rather than kept.
        bytes.catch(() => kept.delete(encoding));
      }
      return bytes;
    },
  };
}

/** br, then gzip, then identity, honouring q=0 refusals. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}
