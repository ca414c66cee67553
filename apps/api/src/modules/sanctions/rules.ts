import { jaroWinkler, nameTokens } from './normalise';

/**
 * The screening's rules in one place (issue 29, decision 242): how similar two names must be, how a birth date and a
 * nationality move the score, and from which score a hit goes to an operator's review. Change a number here and the
 * tests in screening.test.ts say what it does to the true and false hits.
 */

/** Two words count as the same word from this Jaro-Winkler similarity up (`Mohammed`/`Muhammad` 0.87). */
export const WORD_MATCH_MIN = 0.85;
/** Below this name similarity (0–1) an entry is not a candidate at all, whatever the birth date says. */
export const NAME_MIN_SIMILARITY = 0.85;
/** A name of one word (on either side) is weak evidence: its similarity is multiplied by this. */
export const SINGLE_WORD_FACTOR = 0.85;
/** Points of the 0–100 score carried by the name: its similarity × this. */
export const NAME_POINTS = 70;
/** Points of the birth date, by how the member's date meets the entry's best date. */
export const BIRTH_POINTS = { exact: 20, year: 14, circa: 10, unknown: 8 } as const;
/** Years either side of a `circa` year (or a year range's ends) still taken as compatible. */
export const CIRCA_YEARS = 2;
/**
 * Both sides have a birth date and none is compatible: a different person with the same name. The score is capped
 * here, below REVIEW_THRESHOLD, so a common name born another year is never a hit.
 */
export const BIRTH_CONFLICT_CAP = 50;
/** Points of the nationality: one of the entry's citizenships, unknown on either side, or another one. */
export const NATIONALITY_POINTS = { match: 10, unknown: 5, other: 2 } as const;
/** From this score (0–100) a match is recorded as a hit and goes to an operator's review. */
export const REVIEW_THRESHOLD = 80;
/** From this score a hit is a strong match (exact or near-exact name with a matching birth date): reviewed first. */
export const STRONG_MATCH_THRESHOLD = 95;

export type MatchedField = 'name' | 'alias' | 'birthDate' | 'nationality';
export type BirthMatch = keyof typeof BIRTH_POINTS | 'conflict';
export type NationalityMatch = keyof typeof NATIONALITY_POINTS;

/** A birth date as the EU list gives it: a full date, a year, a `circa` year, or a range of years. */
export type ListBirthDate = {
  date: string | null;
  year: number | null;
  circa: boolean;
  yearFrom: number | null;
  yearTo: number | null;
};

/** One of an entry's names, as stored: `alias` for every name after the entry's first. */
export type EntryName = { original: string; normalised: string; alias: boolean; strong: boolean };

/** What the rules need of a list entry. */
export type ScreenableEntry = {
  names: readonly EntryName[];
  birthDates: readonly ListBirthDate[];
  nationalities: readonly string[];
};

/** What the rules need of a person: names (the legal one first), an ISO birth date, an ISO 3166 alpha-2 code. */
export type ScreenablePerson = {
  fullName: string;
  aliases?: readonly string[];
  birthDate?: string | null;
  nationality?: string | null;
};

export type MatchResult = {
  score: number;
  nameSimilarity: number;
  matchedFields: MatchedField[];
  /** The entry's name that matched best, as the list writes it. */
  matchedName: string;
  birth: BirthMatch;
  nationality: NationalityMatch;
};

/**
 * Similarity (0–1) of two names given as word lists, whatever their order: the words are paired greedily, best pair
 * first (a pair counts when its words are at least WORD_MATCH_MIN alike), and the paired similarity is divided mostly
 * by the shorter name's word count (a missing middle name costs little) and a little by the longer's. Names written
 * with or without spaces (`Abdul Rahman`/`Abdulrahman`) are also compared with their words joined.
 */
export function nameSimilarity(a: readonly string[], b: readonly string[]): number {
  return setSimilarity(wordSet(a), wordSet(b));
}

/**
 * Per word of a person's name, its similarity to each word of the list already compared: the list's words repeat
 * (`al`, `mohammed`, `ivanovich`), so a screening computes each pair once.
 */
type WordMemo = Map<string, number>[];

/** A name's words as nameSimilarity compares them: each once, sorted. */
export function wordSet(tokens: readonly string[]): string[] {
  return [...new Set(tokens)].sort();
}

/** nameSimilarity on word sets already made (wordSet); `memo` aligned with `left`. */
function setSimilarity(left: readonly string[], right: readonly string[], memo?: WordMemo): number {
  if (left.length === 0 || right.length === 0) return 0;
  const pairs: { i: number; j: number; s: number }[] = [];
  for (let i = 0; i < left.length; i++)
    for (let j = 0; j < right.length; j++) {
      const known = memo?.[i]?.get(right[j] as string);
      const s = known ?? jaroWinkler(left[i] as string, right[j] as string);
      if (known === undefined) memo?.[i]?.set(right[j] as string, s);
      if (s >= WORD_MATCH_MIN) pairs.push({ i, j, s });
    }
  pairs.sort((x, y) => y.s - x.s || x.i - y.i || x.j - y.j);
  const usedLeft = new Set<number>();
  const usedRight = new Set<number>();
  let sum = 0;
  for (const { i, j, s } of pairs) {
    if (usedLeft.has(i) || usedRight.has(j)) continue;
    usedLeft.add(i);
    usedRight.add(j);
    sum += s;
  }
  const shorter = Math.min(left.length, right.length);
  const longer = Math.max(left.length, right.length);
  let similarity = 0.8 * (sum / shorter) + 0.2 * (sum / longer);
  // Joined words, for names split differently; only when they start alike (it is the costlier comparison).
  if (left.length !== right.length && left[0]?.[0] === right[0]?.[0])
    similarity = Math.max(similarity, jaroWinkler(left.join(''), right.join('')));
  if (shorter < 2) similarity *= SINGLE_WORD_FACTOR;
  return Math.min(1, similarity);
}

const BIRTH_RANK: Record<BirthMatch, number> = { exact: 4, year: 3, circa: 2, conflict: 1, unknown: 0 };

/** How a member's birth date (YYYY-MM-DD) meets one of the list's. `unknown` when that list date says nothing. */
export function birthMatch(person: string, listed: ListBirthDate): BirthMatch {
  const year = Number(person.slice(0, 4));
  if (listed.date) {
    if (listed.date === person) return 'exact';
    const listedYear = Number(listed.date.slice(0, 4));
    // Day and month swapped (a common clerical error between date formats): the same year still counts.
    if (
      listedYear === year &&
      listed.date.slice(5, 7) === person.slice(8, 10) &&
      listed.date.slice(8, 10) === person.slice(5, 7)
    )
      return 'year';
    if (listed.circa && Math.abs(listedYear - year) <= CIRCA_YEARS) return 'circa';
    return 'conflict';
  }
  if (listed.year !== null) {
    if (listed.year === year) return listed.circa ? 'circa' : 'year';
    return listed.circa && Math.abs(listed.year - year) <= CIRCA_YEARS ? 'circa' : 'conflict';
  }
  if (listed.yearFrom !== null || listed.yearTo !== null) {
    const from = (listed.yearFrom ?? Number.NEGATIVE_INFINITY) - (listed.circa ? CIRCA_YEARS : 0);
    const to = (listed.yearTo ?? Number.POSITIVE_INFINITY) + (listed.circa ? CIRCA_YEARS : 0);
    return year >= from && year <= to ? 'circa' : 'conflict';
  }
  return 'unknown';
}

/** The best of the entry's birth dates for this person (`unknown` when either side has none). */
export function bestBirthMatch(person: string | null | undefined, listed: readonly ListBirthDate[]): BirthMatch {
  if (!person) return 'unknown';
  let best: BirthMatch = 'unknown';
  for (const date of listed) {
    const match = birthMatch(person, date);
    if (BIRTH_RANK[match] > BIRTH_RANK[best]) best = match;
  }
  return best;
}

export function nationalityMatch(person: string | null | undefined, listed: readonly string[]): NationalityMatch {
  const known = listed.filter((code) => /^[A-Z]{2}$/.test(code) && code !== '00');
  if (!person || known.length === 0) return 'unknown';
  return known.includes(person.toUpperCase()) ? 'match' : 'other';
}

/** A person's names normalised once, for screening against many entries. */
export type PreparedPerson = {
  names: { words: string[]; alias: boolean; memo: WordMemo }[];
  birthDate: string | null;
  nationality: string | null;
};

export function preparePerson(person: ScreenablePerson): PreparedPerson {
  const named = (name: string, alias: boolean) => {
    const words = wordSet(nameTokens(name));
    return { words, alias, memo: words.map(() => new Map<string, number>()) };
  };
  return {
    names: [named(person.fullName, false), ...(person.aliases ?? []).map((alias) => named(alias, true))],
    birthDate: person.birthDate ?? null,
    nationality: person.nationality ?? null,
  };
}

/** An entry's names with their word sets made once (the screening's cache of a list version holds these). */
export function prepareEntryNames(names: readonly EntryName[]): (EntryName & { words: string[] })[] {
  return names.map((name) => ({ ...name, words: wordSet(name.normalised.split(' ').filter(Boolean)) }));
}

/**
 * The score (0–100) of a person against one entry, or null when no name is similar enough. Score = name similarity ×
 * NAME_POINTS + BIRTH_POINTS + NATIONALITY_POINTS, capped at BIRTH_CONFLICT_CAP when both sides have birth dates
 * and none fits. Every name of the person (legal name, then aliases) is compared with every name of the entry.
 */
export function matchEntry(person: ScreenablePerson | PreparedPerson, entry: ScreenableEntry): MatchResult | null {
  const prepared = 'names' in person ? person : preparePerson(person);
  let best: { similarity: number; alias: boolean; name: EntryName } | null = null;
  for (const mine of prepared.names) {
    for (const theirs of entry.names) {
      const words =
        'words' in theirs ? (theirs.words as string[]) : wordSet(theirs.normalised.split(' ').filter(Boolean));
      const similarity = setSimilarity(mine.words, words, mine.memo);
      const alias = mine.alias || theirs.alias;
      // The better similarity wins; at equal similarity the legal name against the entry's first name.
      if (!best || similarity > best.similarity || (similarity === best.similarity && best.alias && !alias))
        best = { similarity, alias, name: theirs };
    }
  }
  if (!best || best.similarity < NAME_MIN_SIMILARITY) return null;
  const birth = bestBirthMatch(prepared.birthDate, entry.birthDates);
  const nationality = nationalityMatch(prepared.nationality, entry.nationalities);
  const raw =
    best.similarity * NAME_POINTS + (birth === 'conflict' ? 0 : BIRTH_POINTS[birth]) + NATIONALITY_POINTS[nationality];
  const score = Math.max(0, Math.min(100, Math.round(birth === 'conflict' ? Math.min(raw, BIRTH_CONFLICT_CAP) : raw)));
  const matchedFields: MatchedField[] = [best.alias ? 'alias' : 'name'];
  if (birth === 'exact' || birth === 'year' || birth === 'circa') matchedFields.push('birthDate');
  if (nationality === 'match') matchedFields.push('nationality');
  return {
    score,
    nameSimilarity: Math.round(best.similarity * 1000) / 1000,
    matchedFields,
    matchedName: best.name.original,
    birth,
    nationality,
  };
}

/** Whether a match is recorded as a hit for review. */
export function isHit(match: MatchResult | null): match is MatchResult {
  return match !== null && match.score >= REVIEW_THRESHOLD;
}
