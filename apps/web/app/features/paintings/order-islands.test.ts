import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packagesImported } from '../../test/imports';

/**
 * A work's member islands and the regulated steps they show carry no MUI (issue 33, decisions 557–558): the modules a
 * member's page mounts or opens, and what they import to the end. The same steps render in the member area's MUI
 * screens: one implementation, plain.
 */
describe("a work's order islands carry no MUI (issue 33, decision 557)", () => {
  const app = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  for (const module of [
    'document/plain-member-islands.tsx',
    'document/work-order-islands.tsx',
    'features/paintings/OrderBook.tsx',
    'features/paintings/OrderForm.tsx',
    'features/paintings/AcceptDialog.tsx',
    'features/paintings/SecondaryOfferDialog.tsx',
    'features/market-order/OrderFields.tsx',
    'features/market-order/OrderOutcome.tsx',
    'features/investor/InvestmentWarning.tsx',
    'features/investor/InvestorStep.tsx',
    'features/verification/VerificationStep.tsx',
  ]) {
    it(`${module} imports no @mui, @emotion or react-router package, nor does anything it imports`, () => {
      const packages = [...packagesImported(resolve(app, module))];
      expect(packages).toContain('react');
      expect(packages.filter((name) => /^@(?:mui|emotion)\/|^react-router/.test(name))).toEqual([]);
    });
  }
});
