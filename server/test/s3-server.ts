import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** s3rver's fixed test account (models/account.js): the only credentials it accepts. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

interface KoaContext {
  path: string;
  mountPath?: string;
  state: Record<string, unknown>;
}
interface S3rverInstance {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  configureBuckets(): Promise<void>;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The environment that points the app at this server (S3_*). */
  env: Record<string, string>;
  /** Every object key in the bucket, sorted (multipart uploads in progress are not objects). */
  keys(): Promise<string[]>;
  /** An object's bytes, or null. */
  object(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A real S3-protocol server on 127.0.0.1 for tests: @20minutes/s3rver (the maintained fork of
 * s3rver) with its data in a temporary directory. s3rver implements multipart uploads but not two
 * of their calls that @tus/s3-store makes, ListParts (GET ?uploadId) and AbortMultipartUpload
 * (DELETE ?uploadId); those two are answered here in S3's wire format from s3rver's own record of
 * the parts (one directory per upload, a file and its `.md5` per part). The access key is checked
 * on them too; s3rver itself verifies the full signature of everything else.
 */
export async function startS3Server(bucket = 'deal-machine-media'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
  const s3rver = new S3rver({
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
    vhostBuckets: false,
  });
  await s3rver.configureBuckets();
  // The AWS SDK signs bucket-level calls (ListObjectsV2, HeadBucket) on `/<bucket>/`, and s3rver
  // drops that trailing slash from the path it verifies; its own virtual-host branch keeps it.
  s3rver.middleware.splice(s3rver.middleware.length - 1, 0, async (ctx, next) => {
    if (/^\/[^/]+\/$/.test(ctx.path)) {
      ctx.state.vhost = true;
      ctx.mountPath = '/';
    }
    await next();
  });
  const handleS3 = s3rver.callback();
  const uploadsDirectory = s3rver.store.getResourcePath(bucket, undefined, 'uploads');

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const uploadId = url.searchParams.get('uploadId');
    const isPartsCall = uploadId !== null && (req.method === 'GET' || req.method === 'DELETE');
    if (!isPartsCall) return handleS3(req, res);
    void answerPartsCall(req, res, url, uploadId).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });

  async function answerPartsCall(req: IncomingMessage, res: ServerResponse, url: URL, uploadId: string) {
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' }).end(body ? xml(body) : undefined);
    };
    const credential = /Credential=([^/]+)\//.exec(req.headers.authorization ?? '')?.[1];
    if (credential !== ACCESS_KEY_ID) {
      return send(403, '<Error><Code>InvalidAccessKeyId</Code><Message>Unknown access key</Message></Error>');
    }
    const [, urlBucket, ...keyParts] = decodeURIComponent(url.pathname).split('/');
    const key = keyParts.join('/');
    const uploadDir = join(uploadsDirectory, uploadId.replace(/[^a-zA-Z0-9]/g, ''));
    const recordedKey = await readFile(join(uploadDir, 'key'), 'utf8').catch(() => null);
    if (urlBucket !== bucket || recordedKey !== key) {
      return send(
        404,
        `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`,
      );
    }
    if (req.method === 'DELETE') {
      await rm(uploadDir, { recursive: true, force: true });
      return send(204, '');
    }
    const numbers = (await readdir(uploadDir))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [info, md5] = await Promise.all([
          stat(join(uploadDir, String(n))),
          readFile(join(uploadDir, `${n}.md5`), 'utf8'),
        ]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    send(
      200,
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bucketDirectory = join(directory, bucket);

  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys: async () => {
      // s3rver keeps each object as `<key>._S3rver_object` under the bucket's directory.
      const found: string[] = [];
      const walk = async (dir: string) => {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) await walk(path);
          else if (entry.name.endsWith('._S3rver_object'))
            found.push(relative(bucketDirectory, path).replace(/\._S3rver_object$/, ''));
        }
      };
      await walk(bucketDirectory);
      return found.sort();
    },
    object: (key) => readFile(join(bucketDirectory, `${key}._S3rver_object`)).catch(() => null),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
