import { stdSerializers } from 'pino';
import { safeDatabaseError } from '../db/errors';

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * The `err` serializer of every log line (Fastify's request logs, the error handler, the reservation job): a
 * database error is logged by its code, constraint, table and a message derived from the code, never with the
 * statement's parameters or PostgreSQL's `detail` (decision 76); any other error as pino logs it.
 */
export function logError(error: Error): LoggedError {
  const database = safeDatabaseError(error);
  if (database) return { ...database, stack: database.stack ?? database.message };
  if (error instanceof Error) return stdSerializers.err(error) as LoggedError;
  return { type: typeof error, message: String(error), stack: '' };
}
