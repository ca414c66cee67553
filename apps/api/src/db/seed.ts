import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, or } from 'drizzle-orm';
import type { Storage } from '../adapters/storage/storage';
import { type AppConfig, workspaceRoot } from '../config';
import { hashPassword } from '../modules/auth/passwords';
import { depositReferences } from '../modules/deposits/schema';
import { seedInvestorReady } from '../modules/investor/seed-ready';
import { currentListVersion, loadSanctionsList, SANCTIONS_SAMPLE } from '../modules/sanctions';
import { seedApprovedVerification } from '../modules/verification/seed-approved';
import type { Database } from './client';
import { users } from './schema';
import { seedCatalogue } from './seed-catalogue';
import { collectorId, SEED_COLLECTORS } from './seed-holdings';

export const DEMO_MEMBER = { email: 'demo@parcelle.art', password: 'Parcelle!2026' } as const;

/**
 * Seeds what a fresh development database needs. Idempotent: run it at every start or with `npm run db:seed`.
 * Never seeds a known password in production. The demo catalogue follows SEED_CATALOGUE (on outside production).
 */
export async function seed(db: Database, config: AppConfig, storage: Storage): Promise<void> {
  if (config.seedCatalogue) await seedCatalogue(db, storage, { keyInformation: config });
  if (config.env === 'production') return;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER.email));
  if (!existing) await insertDemoMember(db, config);
  await approveSeededMembers(db);
  await giveDemoDepositReference(db);
  await loadDevelopmentSanctionsList(db);
}

/**
 * Development only (issue 31): the demo member's deposit reference is the one the committed sample statement
 * (apps/api/test/fixtures/camt053-sample.xml) pays, so importing that file in the console credits the demo member.
 */
export const DEMO_DEPOSIT_REFERENCE = 'RF36100000000001';
async function giveDemoDepositReference(db: Database): Promise<void> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER.email));
  if (!demo) return;
  await db
    .insert(depositReferences)
    .values({ userId: demo.id, reference: DEMO_DEPOSIT_REFERENCE })
    .onConflictDoNothing();
}

/**
 * Development only (issue 29): with no sanctions list loaded nobody can submit a verification (fail closed), so a
 * development database gets the committed sample of the EU list (its format, fictional names) until a real one is
 * loaded (`npm run admin -- sanctions:load`).
 */
async function loadDevelopmentSanctionsList(db: Database): Promise<void> {
  if (await currentListVersion(db)) return;
  const file = join(workspaceRoot(), SANCTIONS_SAMPLE);
  if (!existsSync(file)) return;
  await loadSanctionsList(db, {
    source: 'file:eu-sanctions-sample.xml (development sample)',
    content: readFileSync(file),
  });
}

/**
 * Development only (issue 29): the demo member and the seed's collectors are approved along the verification's real
 * path (modules/verification/seed-approved.ts), and made ready to invest (issue 30), so that the demo can buy, sell and
 * withdraw. Idempotent.
 */
async function approveSeededMembers(db: Database): Promise<void> {
  const seeded = await db
    .select({ id: users.id, language: users.language, currency: users.currency })
    .from(users)
    .where(
      or(
        eq(users.email, DEMO_MEMBER.email),
        inArray(
          users.id,
          SEED_COLLECTORS.map((collector) => collectorId(collector.slug)),
        ),
      ),
    );
  // Issue 30: and ready to invest (a passed knowledge test and a loss simulation, modules/investor/seed-ready.ts).
  for (const member of seeded) {
    await db.transaction(async (tx) => {
      await seedApprovedVerification(tx, member.id);
      await seedInvestorReady(tx, member);
    });
  }
}

async function insertDemoMember(db: Database, config: AppConfig): Promise<void> {
  await db
    .insert(users)
    .values({
      email: DEMO_MEMBER.email,
      passwordHash: await hashPassword(DEMO_MEMBER.password, config),
      firstName: 'Camille',
      lastName: 'Demo',
      country: 'FR',
      birthDate: '1985-04-12',
      phoneCode: '+33',
      phoneNumber: '612345678',
      phoneSlug: 'FR',
      currency: 'EURO',
      language: 'fr',
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing();
}
