import type { OperatorRole } from '@parcelle/shared';

/**
 * Which operator roles may call each /api/admin route (issue 15), in one place so it can be read, reviewed and
 * tested as a matrix (roles.test.ts). `admin` may call everything and is never listed. A route missing here is
 * admin-only: a new route fails closed until its roles are written down.
 */
export const ADMIN_ROUTE_ROLES: Readonly<Record<string, readonly OperatorRole[]>> = {
  'GET /api/admin/me': ['catalogue', 'finance', 'support', 'compliance'],
  'GET /api/admin/readiness': ['catalogue', 'finance', 'support', 'compliance'],
  'GET /api/admin/members': ['finance', 'support'],
  'GET /api/admin/members/:id': ['finance', 'support'],
  'POST /api/admin/members/:id/unfreeze': ['support'],
  'POST /api/admin/members/:id/disable': ['support'],
  'POST /api/admin/members/:id/enable': ['support'],
  'POST /api/admin/members/:id/resend-verification': ['support'],
  'POST /api/admin/members/:id/sign-out-everywhere': ['support'],
  'POST /api/admin/members/:id/notes': ['support'],
  'GET /api/admin/ledger/transactions': ['finance'],
  'GET /api/admin/ledger/balances': ['finance'],
  'GET /api/admin/ledger/check': ['finance'],
  'GET /api/admin/reconciliation': ['finance'],
  // Exchange exposure (issue 32): the fx_clearing position and its settlement with the bank.
  'GET /api/admin/fx': ['finance'],
  'POST /api/admin/fx/settlements': ['finance'],
  // Deposits by bank transfer (issue 31): finance imports the bank's statements and works the queue.
  'POST /api/admin/deposits/statements': ['finance'],
  'GET /api/admin/deposits/transfers': ['finance'],
  'POST /api/admin/deposits/transfers/:id/assign': ['finance'],
  'POST /api/admin/deposits/transfers/:id/return': ['finance'],
  'GET /api/admin/withdrawals': ['finance'],
  'POST /api/admin/withdrawals/:id/approve': ['finance'],
  'POST /api/admin/withdrawals/:id/reject': ['finance'],
  'POST /api/admin/withdrawals/:id/release': ['finance'],
  'GET /api/admin/withdrawals/sepa.xml': ['finance'],
  'GET /api/admin/dividends': ['finance'],
  'POST /api/admin/dividends': ['finance'],
  'GET /api/admin/dividends/:id': ['finance'],
  'POST /api/admin/dividends/:id/approve': ['finance'],
  // Exits (issue 17): finance records offers, opens and resolves votes (a sale pays holders); support may read.
  'GET /api/admin/exits': ['finance', 'support'],
  'POST /api/admin/exits': ['finance'],
  'GET /api/admin/exits/:id': ['finance', 'support'],
  'POST /api/admin/exits/:id/open': ['finance'],
  'POST /api/admin/exits/:id/resolve': ['finance'],
  'POST /api/admin/exits/:id/funds': ['finance'],
  'POST /api/admin/exits/:id/approve': ['finance'],
  // Catalogue (issue 15): artists, works, valuations, market states, exchange rates. Support may read.
  'GET /api/admin/artists': ['catalogue', 'support'],
  'GET /api/admin/artists/:id': ['catalogue', 'support'],
  'POST /api/admin/artists': ['catalogue'],
  'PATCH /api/admin/artists/:id': ['catalogue'],
  'POST /api/admin/artists/:id/portrait': ['catalogue'],
  'PUT /api/admin/artists/:id/years/:year': ['catalogue'],
  'DELETE /api/admin/artists/:id/years/:year': ['catalogue'],
  'GET /api/admin/paintings': ['catalogue', 'support'],
  'GET /api/admin/paintings/:id': ['catalogue', 'support'],
  'POST /api/admin/paintings': ['catalogue'],
  'PATCH /api/admin/paintings/:id': ['catalogue'],
  'POST /api/admin/paintings/:id/cover': ['catalogue'],
  'POST /api/admin/paintings/:id/images': ['catalogue'],
  'DELETE /api/admin/paintings/:id/images/:index': ['catalogue'],
  'PUT /api/admin/paintings/:id/documents/:kind/:lang': ['catalogue'],
  'POST /api/admin/paintings/:id/market': ['catalogue'],
  'GET /api/admin/paintings/:id/valuations': ['catalogue', 'support'],
  'POST /api/admin/paintings/:id/valuations': ['catalogue'],
  'POST /api/admin/paintings/:id/valuation-documents': ['catalogue'],
  'POST /api/admin/valuations/:id/correct': ['catalogue'],
  // Key information documents (issue 30): catalogue operators preview and publish; support may read.
  'GET /api/admin/paintings/:id/key-information': ['catalogue', 'support'],
  'POST /api/admin/paintings/:id/key-information': ['catalogue'],
  'GET /api/admin/exchange-rates': ['catalogue', 'finance', 'support'],
  'PUT /api/admin/exchange-rates/:day': ['catalogue', 'finance'],
  // Content (issue 15): editorial pages, galleries, footer settings. Catalogue operators write the site's words.
  'GET /api/admin/content/pages': ['catalogue'],
  'GET /api/admin/content/pages/:type': ['catalogue'],
  'PUT /api/admin/content/pages/:type': ['catalogue'],
  'GET /api/admin/galleries': ['catalogue'],
  'POST /api/admin/galleries': ['catalogue'],
  'PUT /api/admin/galleries/order': ['catalogue'],
  'PATCH /api/admin/galleries/:id': ['catalogue'],
  'PUT /api/admin/galleries/:id/image': ['catalogue'],
  'DELETE /api/admin/galleries/:id': ['catalogue'],
  'GET /api/admin/site-settings': ['catalogue'],
  'PATCH /api/admin/site-settings': ['catalogue'],
  'PUT /api/admin/site-settings/documents/:name': ['catalogue'],
  'GET /api/admin/operators': [],
  'POST /api/admin/operators': [],
  'POST /api/admin/operators/:id/disable': [],
  'POST /api/admin/operators/:id/enable': [],
  'PUT /api/admin/operators/:id/role': [],
  'GET /api/admin/audit': [],
  'GET /api/admin/audit.csv': [],
  // Outside /api/admin: Prometheus metrics (or METRICS_TOKEN).
  'GET /metrics': [],
  // Secondary market (issue 17): bounds of order prices and the market mode. Finance sets them; support reads.
  'GET /api/admin/market-settings': ['finance', 'support'],
  'PATCH /api/admin/market-settings': ['finance'],
  // Identity verification (issue 29): the compliance role reviews and decides; admin reads the queue and cases.
  'GET /api/admin/verifications': ['compliance'],
  'GET /api/admin/verifications/:id': ['compliance'],
  'GET /api/admin/verifications/:id/documents/:docId': ['compliance'],
  'POST /api/admin/verifications/:id/approve': ['compliance'],
  'POST /api/admin/verifications/:id/reject': ['compliance'],
  'POST /api/admin/verifications/:id/request-resubmission': ['compliance'],
  'POST /api/admin/verifications/:id/suspend': ['compliance'],
  'POST /api/admin/verifications/:id/close': ['compliance'],
  'POST /api/admin/verifications/:id/hits/:hitId/dismiss': ['compliance'],
  'POST /api/admin/verifications/:id/hits/:hitId/confirm': ['compliance'],
  'GET /api/admin/verifications/:id/hits/export': ['compliance'],
  // Complaints (issue 30): compliance handles and exports; support, who hears members first, reads and adds notes.
  'GET /api/admin/complaints': ['compliance', 'support'],
  'GET /api/admin/complaints/export': ['compliance'],
  'GET /api/admin/complaints/:id': ['compliance', 'support'],
  'POST /api/admin/complaints/:id/acknowledge': ['compliance'],
  'POST /api/admin/complaints/:id/escalate': ['compliance'],
  'POST /api/admin/complaints/:id/answer': ['compliance'],
  'POST /api/admin/complaints/:id/close': ['compliance'],
  'POST /api/admin/complaints/:id/notes': ['compliance', 'support'],
  // Investor protections (issue 30): compliance decides sophistication requests and reads a member's consent log.
  'GET /api/admin/investor/sophistication-requests': ['compliance'],
  'POST /api/admin/investor/sophistication-requests/:id/decide': ['compliance'],
  'GET /api/admin/investor/members/:id/consents': ['compliance'],
  // Revocations in the reflection period (decision 421): compliance (the right was honoured) and finance (the refunds).
  'GET /api/admin/revocations': ['compliance', 'finance'],
  // The evidence of a request (decision 328): compliance, who decides, and admin (not a strict route); every view audited.
  'GET /api/admin/investor/sophistication-requests/:id/documents/:docId': ['compliance'],
};

/**
 * Routes only the roles listed may call, `admin` included only if listed (issue 29): identity documents are opened, and
 * verification decisions taken, by compliance operators alone. An admin who must act changes their own role, which
 * the audit log records.
 */
export const STRICT_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/admin/verifications/:id/documents/:docId',
  'POST /api/admin/verifications/:id/approve',
  'POST /api/admin/verifications/:id/reject',
  'POST /api/admin/verifications/:id/request-resubmission',
  'POST /api/admin/verifications/:id/suspend',
  'POST /api/admin/verifications/:id/close',
  'POST /api/admin/verifications/:id/hits/:hitId/dismiss',
  'POST /api/admin/verifications/:id/hits/:hitId/confirm',
  'GET /api/admin/verifications/:id/hits/export',
  'POST /api/admin/investor/sophistication-requests/:id/decide',
]);

/** Routes an operator reaches before the second factor is enrolled (guarded by `requireOperatorEnrolling`). */
export const ENROLMENT_ROUTES = ['POST /api/admin/totp/enrol', 'POST /api/admin/totp/confirm'] as const;

export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

/** Whether an operator with `role` may call the route `key` (admin always but STRICT_ROUTES; unknown routes admin only). */
export function roleAllows(role: OperatorRole, key: string): boolean {
  if (role === 'admin') return !STRICT_ROUTES.has(key);
  return ADMIN_ROUTE_ROLES[key]?.includes(role) ?? false;
}
