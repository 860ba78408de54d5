import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { adminUsers } from '../db/schema';
import { errorSummary } from '../lib/loggable-error';
import { hashPassword } from '../modules/auth/passwords';

/**
 * npm run admin:create -- --email boss@example.com [--password-stdin]
 * Adds the e-mail to the admin allow-list, or resets its password. Without --password-stdin the
 * password is asked for twice on the terminal, without echo.
 */
const USAGE = 'Usage: npm run admin:create -- --email <address> [--password-stdin]';

async function readStdin(): Promise<string> {
  let data = '';
  for await (const chunk of process.stdin) data += chunk;
  return data.replace(/\r?\n$/, '');
}

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      write(s.startsWith(question) ? question : '');
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
  });
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  if (!email.success) throw new Error(`A valid --email is required.\n${USAGE}`);

  let password: string;
  if (values['password-stdin']) {
    password = await readStdin();
  } else {
    if (!process.stdin.isTTY)
      throw new Error(`No terminal to ask for the password: use --password-stdin.\n${USAGE}`);
    password = await askHidden('New password: ');
    if ((await askHidden('Repeat it: ')) !== password) throw new Error('The passwords do not match.');
  }
  if (password.length < 10) throw new Error('The password must be at least 10 characters.');

  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
  );
  try {
    await database.migrate();
    const passwordHash = await hashPassword(password);
    const updated = await database.db
      .update(adminUsers)
      .set({ passwordHash })
      .where(eq(sql`lower(${adminUsers.email})`, email.data))
      .returning({ id: adminUsers.id });
    if (updated.length === 0)
      await database.db.insert(adminUsers).values({ email: email.data, passwordHash });
    process.stdout.write(
      `Admin ${email.data} ${updated.length ? 'has a new password' : 'was added'}; sign in at /admin/login.\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // errorSummary: a failed insert would otherwise print the new password's hash.
  process.stderr.write(`${errorSummary(error)}\n`);
  process.exit(1);
});
