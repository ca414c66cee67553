/**
 * Errors of the database driver (pg) and of drizzle, read without their values. An error may carry the statement's
 * parameters (drizzle's DrizzleQueryError: `params`, and its message quotes them),
 * and PostgreSQL's `detail` quotes the row ("Key (email)=(x@y) already exists", "Failing row contains (…)"): none of
 * these may reach a log line (decision 76).
 */

/** The fields of a PostgreSQL error that name things, never values. */
export type SafeDatabaseError = {
  type: 'DatabaseError';
  /** SQLSTATE, e.g. 23505. */
  code: string;
  /** The SQLSTATE's condition name when known (unique_violation…), else its class. */
  message: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  /** The statement with its string literals blanked: drizzle sends values as parameters, never in the text. */
  query?: string;
  stack?: string;
};

type DriverError = Error & {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  schema?: unknown;
  severity?: unknown;
  query?: unknown;
  cause?: unknown;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

const CONDITIONS: Record<string, string> = {
  '23505': 'unique_violation',
  '23503': 'foreign_key_violation',
  '23502': 'not_null_violation',
  '23514': 'check_violation',
  '23P01': 'exclusion_violation',
  '22001': 'string_data_right_truncation',
  '22003': 'numeric_value_out_of_range',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22021': 'character_not_in_repertoire',
  '22P02': 'invalid_text_representation',
  '22P05': 'untranslatable_character',
  '25P02': 'in_failed_sql_transaction',
  '40001': 'serialization_failure',
  '40P01': 'deadlock_detected',
  '42P01': 'undefined_table',
  '42703': 'undefined_column',
  '42601': 'syntax_error',
  '53300': 'too_many_connections',
  '55P03': 'lock_not_available',
  '57014': 'query_canceled',
  '57P01': 'admin_shutdown',
};

const CLASSES: Record<string, string> = {
  '08': 'connection_exception',
  '22': 'data_exception',
  '23': 'integrity_constraint_violation',
  '25': 'invalid_transaction_state',
  '40': 'transaction_rollback',
  '42': 'syntax_error_or_access_rule_violation',
  '53': 'insufficient_resources',
  '57': 'operator_intervention',
  '58': 'system_error',
  XX: 'internal_error',
};

const isObject = (value: unknown): value is DriverError => typeof value === 'object' && value !== null;

/** The PostgreSQL error inside an error (drizzle wraps the driver's in `cause`), or null when there is none. */
export function databaseErrorOf(error: unknown): DriverError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isObject(current); depth++) {
    if (typeof current.code === 'string' && SQLSTATE.test(current.code) && 'severity' in current) return current;
    current = current.cause;
  }
  return null;
}

/** Whether a drizzle query failed on the unique index or constraint `name`. */
export function isUniqueViolation(error: unknown, name: string): boolean {
  const db = databaseErrorOf(error);
  return db?.code === '23505' && db.constraint === name;
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** Blanks string literals; keeps the statement's shape (placeholders $1…, names) for diagnosis. */
function statementShape(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  return query.replace(/'(?:[^']|'')*'/g, "'…'").slice(0, 1000);
}

/** The stack frames without the first line, which for drizzle's error repeats the statement and its parameters. */
function framesOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return undefined;
  return error.stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** A database error as it may be logged: code, names and a message derived from the code only. */
export function safeDatabaseError(error: unknown): SafeDatabaseError | null {
  const db = databaseErrorOf(error);
  if (!db || typeof db.code !== 'string') return null;
  const code = db.code;
  const condition = CONDITIONS[code] ?? CLASSES[code.slice(0, 2)] ?? 'database_error';
  const wrapper = isObject(error) && 'query' in error ? error : db;
  const safe: SafeDatabaseError = {
    type: 'DatabaseError',
    code,
    message: `database error ${code} (${condition})`,
  };
  const constraint = text(db.constraint);
  const table = text(db.table);
  const column = text(db.column);
  const schema = text(db.schema);
  const query = statementShape(wrapper.query ?? db.query);
  const stack = framesOf(error);
  if (constraint) safe.constraint = constraint;
  if (table) safe.table = table;
  if (column) safe.column = column;
  if (schema) safe.schema = schema;
  if (query) safe.query = query;
  if (stack) safe.stack = `${safe.message}\n${stack}`;
  return safe;
}
