import { ZSuccess } from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { migrationStatus } from '../../db/migration-status';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';

export function healthRoutes(app: App, ctx: AppContext) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: ZSuccess(
            z.object({
              database: z.enum(['pglite', 'postgres']),
              migrations: z.object({ applied: z.number(), available: z.number(), latest: z.string() }),
            }),
          ),
        },
      },
    },
    async () => ok({ database: ctx.database.kind, migrations: await migrationStatus(ctx.database.db) }),
  );
}
