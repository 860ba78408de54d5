import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The 96 CIDRs that cover every IPv6 address except ::ffff:0:0/96 (each flips one bit of its prefix). */
function allIpv6ButMapped() {
  const mapped = 0xffffn << 32n;
  const cidrs: string[] = [];
  for (let bits = 1n; bits <= 96n; bits++) {
    const flipped = (mapped ^ (1n << (128n - bits))) & (((1n << bits) - 1n) << (128n - bits));
    const groups = Array.from({ length: 8 }, (_, i) =>
      ((flipped >> BigInt(112 - 16 * i)) & 0xffffn).toString(16),
    );
    cidrs.push(`${groups.join(':')}/${bits}`);
  }
  return cidrs.join(',');
}

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('configuration', () => {
  it('has safe defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      seedDemo: true,
    });
    expect(config.brand.productName).toBe('Deal Machine');
    expect(config.brand.phoneDisplay).toBe('(555) 010-0142');
    expect(config.brand.partners.map((p) => p.label)).toEqual([
      'Publicly Traded',
      'National Chain',
      'Fortune 500',
    ]);
  });

  it('seeds demo data by default only into the embedded database', () => {
    const serverUrl = 'postgres://app:secret@db.example:5432/prod';
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: serverUrl }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: serverUrl, SEED_DEMO: '' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: serverUrl, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: serverUrl, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('grows the demo history to 3,000 cars sold unless DEMO_HISTORY_SALES says otherwise (0–100,000)', () => {
    expect(loadConfig({}).demoHistorySales).toBe(3000);
    expect(loadConfig({ DEMO_HISTORY_SALES: '' }).demoHistorySales).toBe(3000);
    expect(loadConfig({ DEMO_HISTORY_SALES: '0' }).demoHistorySales).toBe(0);
    expect(loadConfig({ DEMO_HISTORY_SALES: '100000' }).demoHistorySales).toBe(100_000);
    expect(problemsOf({ DEMO_HISTORY_SALES: '100001' })[0]).toMatch(/^DEMO_HISTORY_SALES: /);
    expect(problemsOf({ DEMO_HISTORY_SALES: '2.5' })[0]).toMatch(
      /^DEMO_HISTORY_SALES: must be a whole number/,
    );
    expect(problemsOf({ DEMO_HISTORY_SALES: 'lots' })[0]).toMatch(/^DEMO_HISTORY_SALES: /);
  });

  it('reads the guarantee of each certification level, with its defaults, and refuses unknown items', () => {
    const defaults = loadConfig({}).guaranteeTerms;
    expect(defaults.premium).toMatchObject({ label: 'Deal Machine Certified', days: 7, deductible: '0.00' });
    expect(defaults.premium.covered).toHaveLength(6);
    expect(defaults.auction).toMatchObject({ label: 'Auction Certified', days: 7, deductible: '250.00' });
    const set = loadConfig({
      SALE_GUARANTEE_DAYS: '10',
      GUARANTEE_PREMIUM_DEDUCTIBLE: '$100',
      GUARANTEE_AUCTION_COVERED: 'none',
      GUARANTEE_AUCTION_DEDUCTIBLE: '0',
    }).guaranteeTerms;
    expect(set.premium).toMatchObject({ days: 10, deductible: '100.00' });
    expect(set.auction).toMatchObject({ covered: [], deductible: '0.00' });
    const problems = problemsOf({
      GUARANTEE_PREMIUM_COVERED: 'engine,wheels',
      GUARANTEE_AUCTION_DEDUCTIBLE: 'lots',
    });
    expect(problems.find((p) => p.startsWith('GUARANTEE_PREMIUM_COVERED:'))).toContain('unknown item wheels');
    expect(problems.find((p) => p.startsWith('GUARANTEE_AUCTION_DEDUCTIBLE:'))).toContain(
      'must be an amount',
    );
  });

  it('lists every bad key with a readable reason', () => {
    const problems = problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('got "abc"');
    expect(problems.find((p) => p.startsWith('DATABASE_URL:'))).toContain('postgres://');
    expect(problems.find((p) => p.startsWith('SEED_DEMO:'))).toContain('true or false');
  });

  it('refuses out-of-range ports and never echoes a database URL or password', () => {
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT: must be between 0 and 65535/);
    const [urlProblem] = problemsOf({ DATABASE_URL: 'not a url with secret' });
    expect(urlProblem).not.toContain('secret');
    const [passwordProblem] = problemsOf({ ADMIN_PASSWORD: 'short' });
    expect(passwordProblem).toMatch(/^ADMIN_PASSWORD:/);
    expect(passwordProblem).not.toContain('short"');
  });

  it('sends e-mail only with SMTP_URL, never echoing it, and defaults the sender to the brand', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail.example.com:587' }).mail).toEqual({
      smtpUrl: 'smtp://u:p@mail.example.com:587',
      from: 'Deal Machine <no-reply@mail.example.com>',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'Ops <ops@x.example>' }).mail?.from,
    ).toBe('Ops <ops@x.example>');
    const [problem] = problemsOf({ SMTP_URL: 'http://u:hunter2@mail.example.com' });
    expect(problem).toMatch(/^SMTP_URL: must be a URL like smtp:/);
    expect(problem).not.toContain('hunter2');
  });

  it('takes the live heartbeat in milliseconds, 25 s by default, within bounds', () => {
    expect(loadConfig({}).liveHeartbeatMs).toBe(25_000);
    expect(loadConfig({ LIVE_HEARTBEAT_MS: '500' }).liveHeartbeatMs).toBe(500);
    expect(problemsOf({ LIVE_HEARTBEAT_MS: '50' })[0]).toMatch(
      /^LIVE_HEARTBEAT_MS: must be between 100 and 300000 ms/,
    );
    expect(problemsOf({ LIVE_HEARTBEAT_MS: 'soon' })[0]).toMatch(/^LIVE_HEARTBEAT_MS: must be a number/);
    expect(problemsOf({ LIVE_HEARTBEAT_MS: '2.5' })[0]).toMatch(/^LIVE_HEARTBEAT_MS: must be a whole number/);
  });

  it('sends SMS only with all three TWILIO_* settings, never echoing the token', () => {
    const sid = `AC${'ab'.repeat(16)}`;
    const twilio = {
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: 'secret-token-0123456789',
      TWILIO_FROM: '+15550100199',
    };
    expect(loadConfig({}).sms).toBeNull();
    expect(loadConfig(twilio).sms).toEqual({
      accountSid: sid,
      authToken: 'secret-token-0123456789',
      from: '+15550100199',
      apiBase: 'https://api.twilio.com',
      timeoutMs: 10_000,
    });
    expect(loadConfig({ ...twilio, TWILIO_API_BASE: 'http://127.0.0.1:9999/' }).sms?.apiBase).toBe(
      'http://127.0.0.1:9999',
    );
    expect(loadConfig({ ...twilio, TWILIO_FROM: 'DealMachine' }).sms?.from).toBe('DealMachine');

    const [half] = problemsOf({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'secret-token-0123456789' });
    expect(half).toMatch(
      /^TWILIO_FROM: must be set too: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together/,
    );
    expect(half).not.toContain('secret-token');
    const [shortToken] = problemsOf({ ...twilio, TWILIO_AUTH_TOKEN: 'hunter2' });
    expect(shortToken).toMatch(/^TWILIO_AUTH_TOKEN: must be the account auth token/);
    expect(shortToken).not.toContain('hunter2');
    expect(problemsOf({ ...twilio, TWILIO_ACCOUNT_SID: 'AC123' })[0]).toMatch(
      /^TWILIO_ACCOUNT_SID: must be a Twilio Account SID/,
    );
    expect(problemsOf({ ...twilio, TWILIO_FROM: '555-0100' })[0]).toMatch(
      /^TWILIO_FROM: must be an E\.164 number/,
    );
  });

  it('takes NOTIFICATION_LINK_SECRET only when it is long enough, never echoing it', () => {
    expect(loadConfig({}).notificationLinkSecret).toBeUndefined();
    expect(loadConfig({ NOTIFICATION_LINK_SECRET: 'k'.repeat(32) }).notificationLinkSecret).toBe(
      'k'.repeat(32),
    );
    const [problem] = problemsOf({ NOTIFICATION_LINK_SECRET: 'too-short-secret' });
    expect(problem).toMatch(/^NOTIFICATION_LINK_SECRET: must be at least 32 characters/);
    expect(problem).not.toContain('too-short-secret');
  });

  it('retries failed notifications from a one-minute base unless NOTIFICATION_RETRY_BASE_MS says otherwise', () => {
    expect(loadConfig({}).notificationRetryBaseMs).toBe(60_000);
    expect(loadConfig({ NOTIFICATION_RETRY_BASE_MS: '500' }).notificationRetryBaseMs).toBe(500);
    expect(problemsOf({ NOTIFICATION_RETRY_BASE_MS: '10' })[0]).toBe(
      'NOTIFICATION_RETRY_BASE_MS: must be between 100 and 3600000 ms (got "10")',
    );
    expect(problemsOf({ NOTIFICATION_RETRY_BASE_MS: 'soon' })[0]).toMatch(
      /^NOTIFICATION_RETRY_BASE_MS: must be a number of milliseconds/,
    );
  });

  it('parses the admin allow-list case-insensitively and validates each address', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ' }).adminEmails).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
    expect(problemsOf({ ADMIN_EMAILS: 'boss@example.com,nope' })[0]).toMatch(/^ADMIN_EMAILS:/);
  });

  it('takes the brand from the environment', () => {
    const { brand } = loadConfig({
      BRAND_NAME: 'Lot Runner',
      BRAND_PHONE: '+15551234567',
      BRAND_PARTNERS: 'A Group, B Motors, C Auto',
      CERTIFICATION_DOCS_URL: 'https://example.com/cert',
    });
    expect(brand).toMatchObject({
      productName: 'Lot Runner',
      phoneDisplay: '(555) 123-4567',
      certificationDocsUrl: 'https://example.com/cert',
    });
    expect(brand.partners.map((p) => p.name)).toEqual(['A Group', 'B Motors', 'C Auto']);
    expect(problemsOf({ BRAND_PARTNERS: 'only one' })[0]).toMatch(/^BRAND_PARTNERS: must name exactly three/);
    expect(problemsOf({ BRAND_PHONE: '555-0100' })[0]).toMatch(/^BRAND_PHONE: must be an E.164/);
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses true with what to set', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    const [trueProblem] = problemsOf({ TRUST_PROXY: 'true' });
    expect(trueProblem).toMatch(/^TRUST_PROXY: must not be true/);
    expect(trueProblem).toContain('e.g. 1');
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33' })[0]).toContain('not an address: 10.0.0.0/33');
    expect(problemsOf({ TRUST_PROXY: 'proxy.example.com' })[0]).toMatch(/^TRUST_PROXY:/);
    // Every address is the same as true (review finding): refused with what to set.
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.0/8,::/0'])
      expect(problemsOf({ TRUST_PROXY: everyone })[0]).toMatch(/^TRUST_PROXY: must not trust every address/);
  });

  it('refuses TRUST_PROXY ranges that together cover every IPv4 or IPv6 address (issue #43)', () => {
    // The review's reproduction: every IPv4 address in two pieces.
    const [halves] = problemsOf({ TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1' });
    expect(halves).toMatch(/^TRUST_PROXY: must not trust every address/);
    expect(halves).toContain('0.0.0.0/1, 128.0.0.0/1 together cover every IPv4 address');
    expect(halves).toContain('e.g. 1');
    for (const everyone of [
      // Addresses inside the prefix are ignored, as proxy-addr does (10.1.2.3/1 is 0.0.0.0/1).
      '10.1.2.3/1,200.1.2.3/1',
      // Overlapping, unordered, with a named range and single addresses in between.
      '192.0.0.0/2,loopback,0.0.0.0/2,64.0.0.0/3,96.0.0.0/3,128.0.0.0/2,1.2.3.4',
      // Four quarters, the last one as IPv4-mapped IPv6 (proxy-addr matches it against IPv4 clients).
      '0.0.0.0/2,64.0.0.0/2,128.0.0.0/2,::ffff:192.0.0.0/98',
      // IPv4-mapped IPv6 alone: ::ffff:0:0/96 is every IPv4 client.
      '::ffff:0:0/96',
      '::ffff:0.0.0.0/97,::ffff:128.0.0.0/97',
      // Every IPv6 address in two pieces, and in pieces around the IPv4-mapped block.
      '::/1,8000::/1',
      '::1,10.0.0.0/8,8000::/1,4000::/2,2000::/3,1000::/4,800::/5,400::/6,200::/7,100::/8,0::/8',
      '8000::/1,::/2,4000::/2',
      // Every IPv6 address but the IPv4-mapped block, which IPv6 ranges never match (mapped clients are IPv4).
      allIpv6ButMapped(),
    ]) {
      const [problem] = problemsOf({ TRUST_PROXY: everyone });
      expect(problem, everyone).toMatch(/^TRUST_PROXY: must not trust every address/);
      expect(problem, everyone).toMatch(/together cover every IPv[46] address/);
    }
    // Almost every address is still a list of proxies, not everyone (and the named ranges are fine).
    for (const proxies of [
      '0.0.0.0/1,128.0.0.0/2,192.0.0.0/3,224.0.0.0/4,240.0.0.0/5,248.0.0.0/6,252.0.0.0/7,254.0.0.0/8',
      '0.0.0.0/1,::/1',
      '::ffff:0:0/95,::/1',
      'loopback,linklocal,uniquelocal',
      '0.0.0.0/1,::ffff:128.0.0.0/95',
    ])
      expect(problemsOf({ TRUST_PROXY: proxies }), proxies).toEqual([]);
  });

  it('takes SHEET_IMAGE_ALLOWED_NETWORKS as CIDRs, never every address', () => {
    expect(loadConfig({}).sheetImages.allowedNetworks).toEqual([]);
    expect(
      loadConfig({ SHEET_IMAGE_ALLOWED_NETWORKS: '10.1.2.0/24, fd00::/8' }).sheetImages.allowedNetworks,
    ).toEqual(['10.1.2.0/24', 'fd00::/8']);
    for (const bad of ['0.0.0.0/0', '::/0', '10.1.2.3', 'images.example.com/24'])
      expect(problemsOf({ SHEET_IMAGE_ALLOWED_NETWORKS: bad })[0]).toMatch(/^SHEET_IMAGE_ALLOWED_NETWORKS:/);
  });
});
