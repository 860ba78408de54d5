import { MAX_BILL_OF_SALE_BYTES } from '@contracts/upload-limits';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { buyNow, dealerWithCode } from '../../../test/helpers';
import { withApp } from '../../../test/with-app';

/** Bills of sale that try to slip past the checks (issue #10). */
let transactionId: number;

const ctx = withApp({ signIn: ['admin'] });

beforeAll(async () => {
  const vehicle = await insertVehicle(ctx.db);
  await dealerWithCode(ctx.db, { code: 'HU2P' });
  const bought = await buyNow(ctx.app, 'HU2P', vehicle.id);
  transactionId = bought.json().transactionId;
});

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
function multipart(files: { field: string; name: string; content: Buffer }[]) {
  const boundary = '----hostile';
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}
const uploadBill = (files: { field: string; name: string; content: Buffer }[]) => {
  const { payload, type } = multipart(files);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/transactions/${transactionId}/bill-of-sale`,
    payload,
    headers: { cookie: ctx.admin, 'content-type': type },
  });
};

describe('hostile bills of sale', () => {
  it('refuses an HTML file named .pdf and a GIF/JS polyglot: the content decides, not the name', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await uploadBill([{ field: 'billOfSale', name: 'bill.pdf', content: html }]);
    expect(res.statusCode).toBe(415);
    // A GIF/JS polyglot is neither PDF, PNG nor JPEG.
    const polyglot = Buffer.from('GIF89a/*\x00\x00*/=alert(1)//');
    expect((await uploadBill([{ field: 'billOfSale', name: 'x.png', content: polyglot }])).statusCode).toBe(
      415,
    );
  });

  // Two 20 MB uploads: ~15 s here, more beside CI's other workers (a hang's limit, not a speed target).
  it('refuses a zero-byte file, one byte over the limit, two files, a wrong field, and no file', async () => {
    expect(
      (await uploadBill([{ field: 'billOfSale', name: 'empty.pdf', content: Buffer.alloc(0) }])).statusCode,
    ).toBe(400);
    const tooBig = Buffer.concat([PDF, Buffer.alloc(MAX_BILL_OF_SALE_BYTES + 1 - PDF.length)]);
    const big = await uploadBill([{ field: 'billOfSale', name: 'big.pdf', content: tooBig }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The bill of sale must be 20 MB or smaller');
    const exactly = Buffer.concat([PDF, Buffer.alloc(MAX_BILL_OF_SALE_BYTES - PDF.length)]);
    expect((await uploadBill([{ field: 'billOfSale', name: 'max.pdf', content: exactly }])).statusCode).toBe(
      200,
    );
    const two = await uploadBill([
      { field: 'billOfSale', name: 'a.pdf', content: PDF },
      { field: 'billOfSale', name: 'b.pdf', content: PDF },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Send one bill of sale at a time');
    expect((await uploadBill([{ field: 'other', name: 'a.pdf', content: PDF }])).statusCode).toBe(400);
    expect((await uploadBill([])).statusCode).toBe(400);
  }, 60_000);

  it('never uses the file name: traversal names are stored under a fixed, safe name', async () => {
    const res = await uploadBill([
      { field: 'billOfSale', name: '../../../../etc/passwd%00.pdf', content: PDF },
    ]);
    expect(res.statusCode).toBe(200);
    const file = await ctx.app.inject({ url: res.json().billOfSale, headers: { cookie: ctx.admin } });
    expect(file.headers['content-disposition']).toBe(`inline; filename="bill-of-sale-${transactionId}.pdf"`);
  });
});
