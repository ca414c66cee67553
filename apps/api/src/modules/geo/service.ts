import { mkdirSync, readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { dirname, join } from 'node:path';
import { type Currency, currencyForCountry, findCountry, type TGeoData } from '@parcelle/shared';

type GeoIpLookup = (ip: string) => { country?: string } | null;

/** Addresses that say nothing about where a visitor is: private, loopback, link-local, shared, unspecified. */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  nonPublic.addSubnet(network, prefix, 'ipv6');

/** "::ffff:1.2.3.4" → "1.2.3.4"; other addresses unchanged. */
function unmapped(ip: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return match?.[1] ?? ip;
}

export function isPublicIp(raw: string): boolean {
  const ip = unmapped(raw);
  const family = isIP(ip);
  if (family === 0) return false;
  return !nonPublic.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

const COUNTRY_FILES = ['geoip-country.dat', 'geoip-country6.dat'];

/**
 * geoip-lite loads its city database (about 150 MB in memory) when the folder has one; only the country
 * is needed, so it is pointed at a folder of links to the two country files (about 15 MB). Any failure
 * leaves the package's own folder in use.
 */
function useCountryOnlyData(dataDir: string): void {
  if (process.env.GEODATADIR) return;
  try {
    const source = join(dirname(createRequire(import.meta.url).resolve('geoip-lite/package.json')), 'data');
    const folder = join(dataDir, 'geoip-country');
    mkdirSync(folder, { recursive: true });
    for (const file of COUNTRY_FILES) {
      const link = join(folder, file);
      let current: string | undefined;
      try {
        current = readlinkSync(link);
      } catch {
        current = undefined;
      }
      if (current === join(source, file)) continue;
      if (current !== undefined) unlinkSync(link);
      symlinkSync(join(source, file), link);
    }
    (globalThis as { geodatadir?: string }).geodatadir = folder;
  } catch {
    // The full database works too, with more memory.
  }
}

/**
 * geoip-lite reads its offline database synchronously when it is first imported, so it is imported at
 * the first lookup, not at start-up; later lookups are in-memory binary searches (microseconds).
 */
let lookupPromise: Promise<GeoIpLookup> | undefined;
function geoIpLookup(dataDir: string): Promise<GeoIpLookup> {
  if (!lookupPromise) useCountryOnlyData(dataDir);
  lookupPromise ??= import('geoip-lite').then((module) => {
    const geoip =
      (module as { default?: { lookup: GeoIpLookup } }).default ?? (module as unknown as { lookup: GeoIpLookup });
    return (ip: string) => geoip.lookup(ip);
  });
  return lookupPromise;
}

/** The visitor's country (ISO code known to the platform) and display currency: EURO in Europe, else USD. */
export async function locate(ip: string, dataDir: string): Promise<TGeoData> {
  let country: string | null = null;
  if (isPublicIp(ip)) {
    const found = (await geoIpLookup(dataDir))(unmapped(ip))?.country;
    if (found && findCountry(found)) country = found.toUpperCase();
  }
  const currency: Currency = country ? currencyForCountry(country) : 'USD';
  return { country, currency };
}
