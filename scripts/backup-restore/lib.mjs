/**
 * The pure parts of the restore drill (scripts/backup-restore.mjs): which tables are compared, how a table is
 * fingerprinted, how two sets of fingerprints are compared, and how a connection string is shown without its password.
 */

/** Money and ownership: every table whose loss or change would be a loss of money or of parts. */
export const MONEY_TABLES = [
  'users',
  'bank_accounts',
  'ledger_accounts',
  'ledger_transactions',
  'ledger_entries',
  'paintings',
  'part_movements',
  'part_entries',
  'purchases',
  'purchase_fills',
  'certificates',
  'payment_events',
  'listings',
  'refunds',
  'withdrawals',
  'dividends',
  'dividend_payments',
  'audit_log',
];

/**
 * One query per table: its row count and an md5 of every row's text, in a stable order. Equal fingerprints mean the
 * restored table holds the same rows, values included, not just as many. `table` comes from MONEY_TABLES only.
 */
export function fingerprintQuery(table) {
  if (!MONEY_TABLES.includes(table)) throw new Error(`not a money table: ${table}`);
  return `select count(*)::bigint as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from public.${table} t`;
}

/** Problems found comparing the source's fingerprints with the restored database's (empty: identical). */
export function compareFingerprints(source, restored) {
  const problems = [];
  for (const [table, expected] of Object.entries(source)) {
    const actual = restored[table];
    if (!actual) {
      problems.push(`${table}: missing from the restored database`);
    } else if (String(actual.rows) !== String(expected.rows)) {
      problems.push(`${table}: ${expected.rows} rows in the backup's snapshot, ${actual.rows} restored`);
    } else if (actual.digest !== expected.digest) {
      problems.push(`${table}: same row count (${actual.rows}) but different contents`);
    }
  }
  return problems;
}

/** A connection string fit for a log line: the password replaced. */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable connection string)';
  }
}

/** The same server, another database. */
export function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A database name for the restore: `<source>_restore_<UTC timestamp>` (PostgreSQL's 63-byte limit kept). */
export function restoreName(sourceUrl, now = new Date()) {
  const source = decodeURIComponent(new URL(sourceUrl).pathname.slice(1)) || 'postgres';
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const base = source.replace(/[^a-zA-Z0-9_]/g, '_').slice(0, 40);
  return `${base}_restore_${stamp}`.toLowerCase();
}
