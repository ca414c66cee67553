import {
  ZAdminComplaint,
  ZAdminComplaints,
  ZAdminComplaintsQuery,
  ZComplaintActionBody,
  ZComplaintAnswerBody,
  ZComplaintEscalateBody,
  ZComplaintExportQuery,
  ZComplaintNoteBody,
  ZFailure,
  ZIdParams,
  ZSuccess,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { exportComplaints } from './export';
import { handleComplaint, noteComplaint } from './handle-complaint';
import { complaintCase, listComplaints } from './queue';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };

/**
 * The console's complaints (issue 30): the queue with the due days, a case, its handling and the regulator's export.
 * Which roles may call each route: admin/roles.ts (compliance handles, support reads and notes: decision 353).
 */
export function complaintAdminRoutes(app: App, ctx: AppContext) {
  const operator = requireOperator(ctx);
  const db = ctx.database.db;

  app.get(
    '/admin/complaints',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'The complaints queue: state, overdue, text filters; sorting and paging; due days and lateness.',
        querystring: ZAdminComplaintsQuery,
        response: { 200: ZSuccess(ZAdminComplaints), ...errors },
      },
    },
    async (request) => ok(await listComplaints(db, request.query)),
  );

  app.get(
    '/admin/complaints/export',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'The register of complaints received between two Paris days, as CSV for the regulator (audited).',
        querystring: ZComplaintExportQuery,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await exportComplaints(ctx, memberOf(request), request.query);
      const span = [request.query.from, request.query.to].filter(Boolean).join('_') || 'all';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="complaints-${span}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/admin/complaints/:id',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'A complaint with its whole history (messages sent, internal notes).',
        params: ZIdParams,
        response: { 200: ZSuccess(ZAdminComplaint), ...errors },
      },
    },
    async (request) => ok(await complaintCase(db, request.params.id)),
  );

  const actions = [
    [
      'acknowledge',
      ZComplaintActionBody,
      'ComplaintAcknowledgedDone',
      'Takes the complaint in hand; the message is sent.',
    ],
    [
      'escalate',
      ZComplaintEscalateBody,
      'ComplaintEscalatedDone',
      'Escalates it internally, with a note; nothing sent.',
    ],
    ['answer', ZComplaintAnswerBody, 'ComplaintAnsweredDone', 'Answers with the outcome; the message is sent.'],
    ['close', ZComplaintActionBody, 'ComplaintClosedDone', 'Closes an answered complaint; the message is sent.'],
  ] as const;
  for (const [action, body, done, description] of actions) {
    app.post(
      `/admin/complaints/:id/${action}`,
      {
        onRequest: operator,
        schema: {
          tags: ['admin'],
          description: `${description} Appended to the history and audited.`,
          params: ZIdParams,
          body,
          response: { 200: ZSuccess(ZAdminComplaint), ...errors },
        },
      },
      async (request) => {
        await handleComplaint(ctx, memberOf(request), request.params.id, action, request.body);
        return ok(await complaintCase(db, request.params.id), done);
      },
    );
  }

  app.post(
    '/admin/complaints/:id/notes',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'An internal note (never shown to the complainant), appended and audited.',
        params: ZIdParams,
        body: ZComplaintNoteBody,
        response: { 200: ZSuccess(ZAdminComplaint), ...errors },
      },
    },
    async (request) => {
      await noteComplaint(ctx, memberOf(request), request.params.id, request.body.note);
      return ok(await complaintCase(db, request.params.id), 'ComplaintNoteAddedDone');
    },
  );
}
