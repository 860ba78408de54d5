/**
 * The ceiling a benchmark compares the app with: a bare node:http server answering fixed bytes
 * from memory, in its own process like the app (so neither shares a core with the load generator).
 * Reads `{ [path]: { headers, bodyBase64 } }` from the file named in argv[2]; "*" answers any path
 * not listed. Prints `ceiling listening on PORT`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Answer = { headers: Record<string, string | number>; body: Buffer };
const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Record<
  string,
  { headers: Record<string, string | number>; bodyBase64: string }
>;
const answers = new Map<string, Answer>(
  Object.entries(spec).map(([path, a]) => [
    path,
    { headers: a.headers, body: Buffer.from(a.bodyBase64, 'base64') },
  ]),
);
const fallback = answers.get('*');
const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '') ?? fallback;
  if (!answer) {
    res.writeHead(404, { 'content-length': 0 }).end();
    return;
  }
  res.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`ceiling listening on ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
