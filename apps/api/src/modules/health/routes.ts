import { ZSuccess } from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';

/**
 * Liveness for load balancers and the e2e harness: the process answers. It names nothing about the database (its
 * kind and migration level are for operators: GET /api/admin/readiness).
 */
export function healthRoutes(app: App, _ctx: AppContext) {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: ZSuccess(z.object({ status: z.literal('ok') })) } } },
    async () => ok({ status: 'ok' as const }),
  );
}
