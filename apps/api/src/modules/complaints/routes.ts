import {
  ZComplaintReceipt,
  ZComplaintsContact,
  ZFailure,
  ZMemberComplaintRequest,
  ZMemberComplaints,
  ZPublicComplaintRequest,
  ZSuccess,
} from '@parcelle/shared';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { captchaGuard } from '../captcha/guard';
import { fileComplaint } from './file-complaint';
import { memberComplaints } from './queue';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 429: ZFailure };

/**
 * Complaints, the complainant's side (issue 30): a member files and follows theirs under /api/user/complaints; a
 * visitor files on the public page with their email address and a captcha (decision 352), and is answered by email.
 * The published address is public.
 */
export function complaintRoutes(app: App, ctx: AppContext) {
  const reader = authenticate(ctx);
  // A complaint may come from a member whose email is not confirmed yet: the acknowledgement goes to their address.
  const writer = authenticate(ctx, { access: 'contact' });
  const formLimit = perIp(Math.max(5, Math.floor(ctx.config.rateLimitAuthPerMinute / 2)));

  app.get(
    '/complaints/contact',
    {
      schema: {
        tags: ['complaints'],
        description: 'The published complaints address: email, postal address and the mediator.',
        response: { 200: ZSuccess(ZComplaintsContact) },
      },
    },
    async () => {
      const c = ctx.config.complaints;
      return ok({ email: c.email, postal_address: c.postalAddress, mediator: c.mediator });
    },
  );

  app.post(
    '/complaints',
    {
      config: formLimit,
      preHandler: captchaGuard(ctx),
      schema: {
        tags: ['complaints'],
        description:
          'A visitor’s complaint: registered with a reference, acknowledged at once by email to the address given.',
        body: ZPublicComplaintRequest,
        response: { 200: ZSuccess(ZComplaintReceipt), ...errors },
      },
    },
    async (request) => {
      const { first_name, last_name, email, lang, category, subject, body } = request.body;
      const receipt = await fileComplaint(
        ctx,
        { kind: 'visitor', email, firstName: first_name, lastName: last_name, language: lang },
        { category, subject, body },
      );
      return ok(receipt, 'ComplaintReceived');
    },
  );

  app.get(
    '/user/complaints',
    {
      preHandler: reader,
      schema: {
        tags: ['complaints'],
        description: 'The member’s complaints, newest first, with the messages sent about each.',
        response: { 200: ZSuccess(ZMemberComplaints), ...errors },
      },
    },
    async (request) => ok({ complaints: await memberComplaints(ctx.database.db, memberOf(request).id) }),
  );

  app.post(
    '/user/complaints',
    {
      config: formLimit,
      preHandler: writer,
      schema: {
        tags: ['complaints'],
        description:
          'Files a complaint: registered with a reference and acknowledged at once (on screen and by email).',
        body: ZMemberComplaintRequest,
        response: { 200: ZSuccess(ZComplaintReceipt), ...errors },
      },
    },
    async (request) =>
      ok(await fileComplaint(ctx, { kind: 'member', member: memberOf(request) }, request.body), 'ComplaintReceived'),
  );
}
