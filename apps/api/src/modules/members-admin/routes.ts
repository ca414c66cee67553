import {
  ZAdminDisableMember,
  ZAdminMemberNote,
  ZAdminMemberPage,
  ZAdminMembers,
  ZAdminMembersQuery,
  ZFailure,
  ZIdParams,
  ZSuccess,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { operatorRoleOf, requireOperator } from '../admin/guard';
import {
  addNote,
  disableMember,
  enableMember,
  memberPage,
  resendVerification,
  searchMembers,
  signOutEverywhere,
} from './service';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };

/** Operator console, members (issue 15): search, the member page, and support's account actions (all audited). */
export function memberAdminRoutes(app: App, ctx: AppContext) {
  const operator = requireOperator(ctx);
  const db = ctx.database.db;
  const action = { onRequest: operator, schema: { tags: ['admin'], params: ZIdParams } };

  app.get(
    '/admin/members',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        querystring: ZAdminMembersQuery,
        response: { 200: ZSuccess(ZAdminMembers), ...errors },
      },
    },
    async (request) => ok(await searchMembers(db, request.query)),
  );

  app.get(
    '/admin/members/:id',
    {
      onRequest: operator,
      schema: { tags: ['admin'], params: ZIdParams, response: { 200: ZSuccess(ZAdminMemberPage), ...errors } },
    },
    async (request) => ok(await memberPage(ctx, operatorRoleOf(request), request.params.id)),
  );

  app.post(
    '/admin/members/:id/disable',
    {
      ...action,
      schema: { ...action.schema, body: ZAdminDisableMember, response: { 200: ZSuccess(z.null()), ...errors } },
    },
    async (request) => {
      await disableMember(ctx, memberOf(request), request.params.id, request.body.reason);
      return ok(null, 'MemberDisabled');
    },
  );

  app.post(
    '/admin/members/:id/enable',
    { ...action, schema: { ...action.schema, response: { 200: ZSuccess(z.null()), ...errors } } },
    async (request) => {
      await enableMember(ctx, memberOf(request), request.params.id);
      return ok(null, 'MemberEnabled');
    },
  );

  app.post(
    '/admin/members/:id/resend-verification',
    { ...action, schema: { ...action.schema, response: { 200: ZSuccess(z.null()), ...errors } } },
    async (request) => {
      await resendVerification(ctx, memberOf(request), request.params.id);
      return ok(null, 'VerificationCodeSent');
    },
  );

  app.post(
    '/admin/members/:id/sign-out-everywhere',
    { ...action, schema: { ...action.schema, response: { 200: ZSuccess(z.null()), ...errors } } },
    async (request) => {
      await signOutEverywhere(ctx, memberOf(request), request.params.id);
      return ok(null, 'MemberSignedOutEverywhere');
    },
  );

  app.post(
    '/admin/members/:id/notes',
    {
      ...action,
      schema: {
        ...action.schema,
        body: ZAdminMemberNote,
        response: {
          200: ZSuccess(
            z.object({ id: z.string(), text: z.string(), author_email: z.string(), created_at: z.string() }),
          ),
          ...errors,
        },
      },
    },
    async (request) =>
      ok(await addNote(ctx, memberOf(request), request.params.id, request.body.text), 'MemberNoteAdded'),
  );
}
