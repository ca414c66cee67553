import type { TOperatorRole } from '@parcelle/shared/contracts/admin';
import type { AccessControlProvider } from '@refinedev/core';

/**
 * Which operator roles see which part of the console (issue 15). `admin` sees everything. This only shapes the
 * menu and the screens: the API enforces the roles on every route anyway.
 */
export const RESOURCE_ROLES: Record<string, readonly TOperatorRole[]> = {
  members: ['support'],
  withdrawals: ['finance'],
  // Deposits by bank transfer (issue 31): statement import and the queue.
  deposits: ['finance'],
  ledger: ['finance'],
  balances: ['finance'],
  reconciliation: ['finance'],
  // Exchange exposure (issue 32): the fx_clearing position and its settlement with the bank.
  fx: ['finance'],
  dividends: ['finance'],
  exits: ['finance', 'support'],
  artists: ['catalogue'],
  works: ['catalogue'],
  // Identity verification and sanctions (issue 29): the compliance role reviews; admin reads (the API decides who acts).
  verifications: ['compliance'],
  // Complaints (issue 30): compliance handles them; support reads them and adds notes.
  complaints: ['compliance', 'support'],
  // Investor protections (issue 30): sophistication requests and the consent log, compliance only.
  investors: ['compliance'],
  // Revocations in the reflection period (issue 30): compliance (the right) and finance (the refunds).
  revocations: ['compliance', 'finance'],
  // Money, operators and audit (issue 15)
  operators: [],
  audit: [],
  rates: ['catalogue', 'finance'],
  // Content (issue 15): editorial pages, galleries, footer settings.
  content: ['catalogue'],
  galleries: ['catalogue'],
  footer: ['catalogue'],
  // Secondary market (issue 17): finance sets the bounds and the mode; support reads them.
  market: ['finance', 'support'],
};

export function canSee(role: TOperatorRole | null | undefined, resource: string): boolean {
  if (!role) return false;
  return role === 'admin' || (RESOURCE_ROLES[resource]?.includes(role) ?? false);
}

/** The first screen a role may open (the console's home). */
export function homeOf(role: TOperatorRole | null | undefined, order: readonly string[]): string | undefined {
  return order.find((resource) => canSee(role, resource));
}

export function accessControlProvider(role: () => Promise<TOperatorRole | null>): AccessControlProvider {
  return {
    can: async ({ resource }) => ({ can: resource ? canSee(await role(), resource) : false }),
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
