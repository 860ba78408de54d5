import { describe, expect, it } from 'vitest';
import { insertDealer, insertMember, MEMBER_PASSWORD } from '../../../test/factories';
import { requestsAs, signInAdmin, signInMember } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';

/** Without SMTP_URL no invitation is mailed, so none is claimed sent: the inviter gets the link. */
const ctx = withApp({ env: { PUBLIC_ORIGIN: 'https://dealers.example.com' } });

describe('invitations without a mail transport', () => {
  it('hands the owner and the admin the one-time link, which accepts the invitation', async () => {
    expect(ctx.config.mail).toBeNull();
    const dealer = await insertDealer(ctx.db);
    const owner = await insertMember(ctx.db, { dealerId: dealer.id, role: 'owner' });
    const asOwner = requestsAs(ctx.app, await signInMember(ctx.app, owner.email, MEMBER_PASSWORD));
    const invited = await asOwner('POST', '/api/team/members', {
      email: `handed${dealer.id}@over.example`,
      name: 'Hana Handed',
      role: 'buyer',
    });
    expect(invited.statusCode).toBe(201);
    const link = invited.json().invitationLink as string;
    expect(link).toMatch(/^https:\/\/dealers\.example\.com\/dealer\/invitation#token=[A-Za-z0-9_-]{43}$/);
    // Shown once: the team list never carries it.
    const team = (await asOwner('GET', '/api/team/members')).json();
    expect(JSON.stringify(team)).not.toContain(link.split('#token=')[1]);

    const token = link.split('#token=')[1];
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/team/invitation/accept',
      payload: { token, password: 'hana’s long password' },
    });
    expect(accepted.statusCode).toBe(200);

    // The admin's resend hands a fresh link too (for a pending invitation).
    const admin = requestsAs(ctx.app, await signInAdmin(ctx.app));
    const pending = await admin('POST', `/api/dealers/${dealer.id}/team`, {
      email: `second${dealer.id}@over.example`,
      name: 'Sam Second',
      role: 'viewer',
    });
    const first = pending.json().invitationLink as string;
    const resent = await admin('POST', `/api/dealer-users/${pending.json().id}/invitation`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().invitationLink).toMatch(/#token=/);
    expect(resent.json().invitationLink).not.toBe(first);
  });
});
