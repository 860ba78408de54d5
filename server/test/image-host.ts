import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

/** A self-signed certificate for 127.0.0.1 made by openssl (Debian's), in a temporary directory. */
async function selfSignedCertificate() {
  const dir = await mkdtemp(join(tmpdir(), 'image-host-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  return { dir, certFile: cert, key: await readFile(key), cert: await readFile(cert) };
}

/** A small real JPEG in a given colour, with a camera's GPS position in its EXIF. */
export function colourPhoto(hue: number, width = 800, height = 600) {
  const [r, g, b] = [hue, (hue * 7) % 256, 255 - hue];
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 80 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1' } })
    .toBuffer();
}

/**
 * An image host on https://127.0.0.1 (the sheet's `images` must be https): `/photo-<n>.jpg` are
 * real JPEGs, `/redirect-<n>.jpg` redirects to `/photo-<n>.jpg`, `/not-a-photo.jpg` is text,
 * `/missing.jpg` is a 404, `/slow.jpg` never answers, `/huge.jpg` streams more than 25 MB, and
 * `/insecure-redirect.jpg` redirects to http, `/redirect-to/<host>` to `https://<host>:<same port>/photo-1.jpg`. `caFile` is the certificate to trust
 * (SHEET_IMAGE_CA_FILE); `requests` counts the GETs per path.
 */
export async function startImageHost() {
  const { dir, certFile, key, cert } = await selfSignedCertificate();
  const requests = new Map<string, number>();
  const server = createServer({ key, cert }, async (req, res) => {
    const path = req.url ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const photo = /^\/photo-(\d+)\.jpg$/.exec(path);
    const redirect = /^\/redirect-(\d+)\.jpg$/.exec(path);
    if (photo) {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(await colourPhoto(Number(photo[1]) % 256));
    } else if (redirect) {
      res.writeHead(302, { location: `/photo-${redirect[1]}.jpg` }).end();
    } else if (path.startsWith('/redirect-to/')) {
      // Redirects to the address after the prefix, e.g. /redirect-to/10.255.255.1 (SSRF tests).
      const port = (server.address() as AddressInfo).port;
      res
        .writeHead(302, { location: `https://${path.slice('/redirect-to/'.length)}:${port}/photo-1.jpg` })
        .end();
    } else if (path === '/insecure-redirect.jpg') {
      res.writeHead(302, { location: 'http://127.0.0.1:9/photo-1.jpg' }).end();
    } else if (path === '/not-a-photo.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>Sign in to view this photo</html>');
    } else if (path === '/slow.jpg') {
      // Never answers; the client's deadline must end it.
    } else if (path === '/huge.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(1024 * 1024, 0xff);
      const write = (left: number) => {
        if (left === 0 || res.destroyed) return res.end();
        if (res.write(chunk)) write(left - 1);
        else res.once('drain', () => write(left - 1));
      };
      write(30);
    } else {
      res.writeHead(404).end('Not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    caFile: certFile,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
