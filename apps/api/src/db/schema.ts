/**
 * Every table of the database, re-exported from its owner's `modules/<m>/schema.ts` (issue 28, decision 416): readers,
 * the typed client (db/client.ts) and the tests import tables from here; only the owning module writes them
 * (test/table-owners.test.ts). drizzle-kit reads the module files themselves (drizzle.config.ts). Nothing is declared
 * here: a module's schema imports the tables it references from their owners' schemas and the shared enums and column
 * helpers from db/columns.ts, never this file (test/import-circles.test.ts).
 */

export * from '../modules/account/schema';
export * from '../modules/admin/schema';
export * from '../modules/auth/schema';
export * from '../modules/captcha/schema';
export * from '../modules/catalogue-admin/schema';
export * from '../modules/certificates/schema';
export * from '../modules/codes/schema';
export * from '../modules/complaints/schema';
export * from '../modules/content/schema';
export * from '../modules/content-admin/schema';
export * from '../modules/deposits/schema';
export * from '../modules/dividends/schema';
export * from '../modules/exits/schema';
export * from '../modules/fx/schema';
export * from '../modules/investor/schema';
export * from '../modules/key-information/schema';
export * from '../modules/ledger/schema';
export * from '../modules/market/schema';
export * from '../modules/member/schema';
export * from '../modules/members-admin/schema';
export * from '../modules/notifications/schema';
export * from '../modules/parts/schema';
export * from '../modules/purchases/schema';
export * from '../modules/sanctions/schema';
export * from '../modules/verification/schema';
export * from '../modules/watchlist/schema';
export * from '../modules/withdrawals/schema';
export { bytea, currencyEnum, languageEnum } from './columns';
