import { XMLParser } from 'fast-xml-parser';
import { normaliseName } from './normalise';
import type { EntryName, ListBirthDate } from './rules';

/** The list's own subject types: a natural person, or an enterprise (a company, an organisation, a group). */
export type SubjectType = 'person' | 'enterprise';

/** One `<sanctionEntity>` of the EU list, as the screening keeps it. */
export type ParsedEntry = {
  /** The entity's `logicalId`: stable across versions of the list. */
  logicalId: string;
  euReferenceNumber: string | null;
  unitedNationId: string | null;
  designationDate: string | null;
  subjectType: SubjectType;
  /** Every `<nameAlias>`, the first as the entity's name and the others as aliases; normalised for matching. */
  names: EntryName[];
  birthDates: ListBirthDate[];
  /** ISO 3166 alpha-2 codes of its `<citizenship>` elements (the list's `00`, unknown, left out). */
  nationalities: string[];
  /** The regulations that list it (`numberTitle`, e.g. `2022/336 (OJ L58)`) and their programme (e.g. `UKR`). */
  regulation: string | null;
  programme: string | null;
};

export type ParsedList = { generatedAt: Date; entries: ParsedEntry[] };

export class SanctionsListFormatError extends Error {
  constructor(message: string) {
    super(`EU sanctions list: ${message}`);
    this.name = 'SanctionsListFormatError';
  }
}

type Attributes = Record<string, string | undefined>;
type RawEntity = Attributes & {
  regulation?: Attributes[];
  subjectType?: Attributes[];
  nameAlias?: Attributes[];
  birthdate?: Attributes[];
  citizenship?: Attributes[];
};

const REPEATED = new Set(['sanctionEntity', 'regulation', 'subjectType', 'nameAlias', 'birthdate', 'citizenship']);

/**
 * Reads the EU Financial Sanctions Files' full list in its XML format (`xmlFullSanctionsList_1_1`: an `<export
 * generationDate=…>` root of `<sanctionEntity>` elements with `<regulation>`, `<subjectType code>`, `<nameAlias>`,
 * `<birthdate>` and `<citizenship>` children, their data in attributes). Addresses, identifications and remarks are
 * not screened and are not kept. Throws SanctionsListFormatError on anything else (an error page, a changed format,
 * an entity without a name), so a bad download never replaces a good list.
 */
export function parseEuSanctionsList(xml: string): ParsedList {
  // The list declares no DTD; one here could only be an entity-expansion attack.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml.slice(0, 4096))) throw new SanctionsListFormatError('a DTD is not accepted');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseAttributeValue: false,
    parseTagValue: false,
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
    htmlEntities: false,
  });
  let document: { export?: Attributes & { sanctionEntity?: RawEntity[] } };
  try {
    document = parser.parse(xml);
  } catch (error) {
    throw new SanctionsListFormatError(`not XML (${(error as Error).message})`);
  }
  const root = document.export;
  if (!root || typeof root !== 'object') throw new SanctionsListFormatError('no <export> root');
  const generatedAt = new Date(root.generationDate ?? '');
  if (Number.isNaN(generatedAt.getTime())) throw new SanctionsListFormatError('no generationDate on <export>');
  const entries = (root.sanctionEntity ?? []).map(parseEntity);
  if (entries.length === 0) throw new SanctionsListFormatError('no <sanctionEntity>');
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.logicalId)) throw new SanctionsListFormatError(`logicalId ${entry.logicalId} listed twice`);
    seen.add(entry.logicalId);
  }
  return { generatedAt, entries };
}

function text(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

function isoDate(value: string | undefined): string | null {
  const day = text(value);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

function year(value: string | undefined): number | null {
  const digits = text(value);
  return digits && /^\d{4}$/.test(digits) ? Number(digits) : null;
}

function parseEntity(raw: RawEntity): ParsedEntry {
  const logicalId = text(raw.logicalId);
  if (!logicalId) throw new SanctionsListFormatError('a <sanctionEntity> has no logicalId');
  const code = text(raw.subjectType?.[0]?.code);
  if (code !== 'person' && code !== 'enterprise')
    throw new SanctionsListFormatError(`entity ${logicalId}: subjectType ${code ?? 'missing'}`);
  const names: EntryName[] = [];
  for (const alias of raw.nameAlias ?? []) {
    const original =
      text(alias.wholeName) ??
      text([alias.firstName, alias.middleName, alias.lastName].map((part) => (part ?? '').trim()).join(' '));
    if (!original) continue;
    const normalised = normaliseName(original);
    if (normalised === '' || names.some((name) => name.normalised === normalised)) continue;
    names.push({ original, normalised, alias: names.length > 0, strong: alias.strong !== 'false' });
  }
  if (names.length === 0) throw new SanctionsListFormatError(`entity ${logicalId} has no name`);
  const birthDates: ListBirthDate[] = (raw.birthdate ?? [])
    .map((birth) => ({
      date: isoDate(birth.birthdate),
      year: isoDate(birth.birthdate) ? Number(birth.birthdate?.slice(0, 4)) : year(birth.year),
      circa: birth.circa === 'true',
      yearFrom: year(birth.yearRangeFrom),
      yearTo: year(birth.yearRangeTo),
    }))
    .filter((birth) => birth.date !== null || birth.year !== null || birth.yearFrom !== null || birth.yearTo !== null);
  const nationalities = [
    ...new Set(
      (raw.citizenship ?? [])
        .map((citizenship) => text(citizenship.countryIso2Code)?.toUpperCase() ?? '')
        .filter((iso) => /^[A-Z]{2}$/.test(iso)),
    ),
  ];
  const regulations = raw.regulation ?? [];
  const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];
  return {
    logicalId,
    euReferenceNumber: text(raw.euReferenceNumber),
    unitedNationId: text(raw.unitedNationId),
    designationDate: isoDate(raw.designationDate),
    subjectType: code,
    names,
    birthDates,
    nationalities,
    regulation: distinct(regulations.map((regulation) => text(regulation.numberTitle))).join('; ') || null,
    programme: distinct(regulations.map((regulation) => text(regulation.programme))).join('; ') || null,
  };
}
