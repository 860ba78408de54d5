/**
 * The ceiling a benchmark compares the app with: a bare node:http server answering fixed bytes
 * from memory, in its own process like the app (so neither shares a core with the load generator).
 * Reads `{ [path]: { headers, bodyBase64, statements? } }` from the file named in argv[2]; "*"
 * answers any path not listed. An answer with `statements` first runs those SQL statements, one
 * after another, through node-postgres on a pool of DATABASE_URL the size of the app's (10): the
 * fair ceiling for an answer the database must make. Prints `ceiling listening on PORT`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { POOL_OPTIONS } from '../server/src/db/pool-options';
import type { Statement } from './support';

type Answer = { headers: Record<string, string | number>; body: Buffer; statements?: Statement[] };
const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Record<
  string,
  { headers: Record<string, string | number>; bodyBase64: string; statements?: Statement[] }
>;
const answers = new Map<string, Answer>(
  Object.entries(spec).map(([path, a]) => [
    path,
    { headers: a.headers, body: Buffer.from(a.bodyBase64, 'base64'), statements: a.statements },
  ]),
);
// The app's pool: its size and session settings (server/src/db/client.ts).
const pool = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, ...POOL_OPTIONS })
  : null;
async function run(statements: Statement[]) {
  if (!pool) throw new Error('statements need DATABASE_URL');
  for (const statement of statements) await pool.query(statement.text, statement.values);
}
const fallback = answers.get('*');
const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '') ?? fallback;
  if (!answer) {
    res.writeHead(404, { 'content-length': 0 }).end();
    return;
  }
  const send = () => {
    res.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
    res.end(answer.body);
  };
  if (!answer.statements) return send();
  run(answer.statements).then(send, (error: Error) => {
    res.writeHead(500).end(error.message);
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`ceiling listening on ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () =>
  server.close(() => void (pool?.end() ?? Promise.resolve()).then(() => process.exit(0))),
);
