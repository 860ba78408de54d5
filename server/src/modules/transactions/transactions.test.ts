import { dateInZone } from '@contracts/business-days';
import { describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertVehicle } from '../../../test/factories';
import { buyNow, dealerWithCode, publicIds } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';

/** The admin's transactions: status and paid, cancelling a sale, bills of sale. */

const ctx = withApp({ signIn: ['admin', 'staff'] });

describe('transactions', () => {
  async function sale() {
    const vehicle = await insertVehicle(ctx.db);
    const { dealer, code } = await dealerWithCode(ctx.db);
    const bought = await buyNow(ctx.app, code, vehicle.id);
    return { vehicle, dealer, code, transactionId: bought.json().transactionId as number };
  }
  const upload = (id: number, name: string, content: Buffer, cookie = ctx.admin) => {
    const boundary = '----test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="billOfSale"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/transactions/${id}/bill-of-sale`,
      payload,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(32),
  ]);

  it('toggles status; Mark paid records the remaining balance with its method, and lists with vehicle and dealer', async () => {
    const { transactionId, dealer } = await sale();
    const list = (await ctx.call('GET', '/api/transactions?limit=100')).json().items;
    const before = list.find((t: { id: number }) => t.id === transactionId);
    expect(before).toMatchObject({ dealerName: dealer.dealerName, status: 'pending', isPaid: false });
    const owed = `$${Number(before.balance).toLocaleString('en-US')}`;
    // A paid flag without a payment is refused, and the refusal says what is owed.
    const bare = await ctx.call('PATCH', `/api/transactions/${transactionId}`, { isPaid: true });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(
      `Record the remaining balance of ${owed} with its method and reference to mark this sale paid`,
    );
    const receivedOn = dateInZone(new Date(), 'America/New_York');
    const paid = await ctx.call('PATCH', `/api/transactions/${transactionId}`, {
      status: 'completed',
      isPaid: true,
      payment: { method: 'check', reference: 'CHK 311', receivedOn },
    });
    expect(paid.json(), paid.body).toMatchObject({
      status: 'completed',
      isPaid: true,
      paidInFull: true,
      balance: '0.00',
      paidAmount: before.amount,
    });
    expect(paid.json().ledger.at(-1)).toMatchObject({
      kind: 'payment',
      amount: before.amount,
      method: 'check',
      reference: 'CHK 311',
      by: 'admin',
    });
    // The flag follows the ledger: it cannot be switched off by hand.
    const unpaid = await ctx.call('PATCH', `/api/transactions/${transactionId}`, { isPaid: false });
    expect(unpaid.statusCode).toBe(409);
    expect((await ctx.call('PATCH', `/api/transactions/${transactionId}`, { amount: '1' })).statusCode).toBe(
      400,
    );
    expect((await ctx.call('PATCH', `/api/transactions/${transactionId}`, {})).statusCode).toBe(400);
  });

  it('cancels once, re-listing the vehicle; a cancelled transaction takes no more actions', async () => {
    const { transactionId, vehicle } = await sale();
    const res = await ctx.call('PATCH', `/api/transactions/${transactionId}`, { cancelled: true });
    expect(res.json().cancelled).toBe(true);
    expect(await publicIds(ctx.app)).toContain(vehicle.id);
    const twice = await ctx.call('PATCH', `/api/transactions/${transactionId}`, { cancelled: true });
    expect(twice.statusCode).toBe(409);
    expect((await ctx.call('PATCH', `/api/transactions/${transactionId}`, { isPaid: true })).statusCode).toBe(
      409,
    );
    expect(
      (await ctx.call('PATCH', `/api/transactions/${transactionId}`, { cancelled: false })).statusCode,
    ).toBe(400);
  });

  it('stores a bill of sale by its content and serves it to admins and the buying dealer only', async () => {
    const { transactionId, dealer, code } = await sale();
    const text = await upload(transactionId, 'notes.png', Buffer.from('just some text'));
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('The bill of sale must be a PDF, PNG or JPEG file');
    expect((await upload(transactionId, 'empty.pdf', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload(transactionId, 'doc.pdf', PDF, ctx.staff)).statusCode).toBe(403);

    // A PNG named .pdf is a PNG: stored and served as one.
    const renamed = await upload(transactionId, '../../etc/passwd.pdf', PNG);
    expect(renamed.statusCode).toBe(200);
    const link = renamed.json().billOfSale as string;
    expect(link).toMatch(new RegExp(`^/api/transactions/${transactionId}/bill-of-sale\\?v=\\d+$`));
    const asAdmin = await ctx.call('GET', link);
    expect(asAdmin.headers['content-type']).toBe('image/png');
    expect(asAdmin.headers['content-disposition']).toBe(
      `inline; filename="bill-of-sale-${transactionId}.png"`,
    );
    expect(asAdmin.rawPayload.equals(PNG)).toBe(true);

    expect((await upload(transactionId, 'bill.pdf', PDF)).statusCode).toBe(200);
    const buyer = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
    const asBuyer = await ctx.app.inject({
      url: `/api/transactions/${transactionId}/bill-of-sale`,
      headers: { cookie: buyer },
    });
    expect(asBuyer.headers['content-type']).toBe('application/pdf');
    const other = await insertDealer(ctx.db);
    await insertBuyCodeRow(ctx.db, { dealerId: other.id, code: 'OT7R' });
    const stranger = await signIn(ctx.app, 'dealer', { dealerName: other.dealerName, buyCode: 'OT7R' });
    expect(
      (
        await ctx.app.inject({
          url: `/api/transactions/${transactionId}/bill-of-sale`,
          headers: { cookie: stranger },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/transactions/${transactionId}/bill-of-sale` })).statusCode,
    ).toBe(401);
  });
});
