import type { YearRow } from '../charts/YearChart';

type PaintingPoint = { _id: number; totalValue: number };
type ArtistPoint = { year: number; value: number };

export type EvolutionRows = {
  rows: YearRow[];
  /** The year both series equal 100, or null when they have no year in common. */
  baseYear: number | null;
};

/**
 * Painting index vs artist index by year (spec §2 "Painting detail").
 *
 * The API sends the painting's value as money (`evolution_list[].totalValue`, e.g. 16 373.44 then 25 478.55)
 * and the artist's rating index (`artist_evolution[].value`, base 100 in its own first year). The two are
 * not comparable as given, so BOTH are rebased to 100 at the first year they have in common and shown from
 * that year on: the lines then start together and their gap reads directly as "the work did better or
 * worse than its artist". Without a common year each series is rebased to 100 at its own first year.
 * Both series come in the display currency (each value at the rate of its date), so the index is that currency's:
 * the change badge beside it is computed by the server in the same currency (issue 17).
 */
export function evolutionRows(painting: readonly PaintingPoint[], artist: readonly ArtistPoint[]): EvolutionRows {
  const paintingByYear = new Map(
    painting.filter((p) => Number.isFinite(p.totalValue) && p.totalValue > 0).map((p) => [p._id, p.totalValue]),
  );
  const artistByYear = new Map(
    artist.filter((p) => Number.isFinite(p.value) && p.value > 0).map((p) => [p.year, p.value]),
  );
  const common = [...paintingByYear.keys()].filter((year) => artistByYear.has(year)).sort((a, b) => a - b);
  const baseYear = common[0] ?? null;

  const firstYear = (map: Map<number, number>) => Math.min(...map.keys());
  const paintingBase = paintingByYear.get(baseYear ?? firstYear(paintingByYear));
  const artistBase = artistByYear.get(baseYear ?? firstYear(artistByYear));

  const years = [...new Set([...paintingByYear.keys(), ...artistByYear.keys()])]
    .filter((year) => baseYear === null || year >= baseYear)
    .sort((a, b) => a - b);
  const rebase = (value: number | undefined, base: number | undefined) =>
    value === undefined || !base ? null : Math.round((value / base) * 10_000) / 100;

  return {
    baseYear,
    rows: years.map((year) => ({
      year,
      painting: rebase(paintingByYear.get(year), paintingBase),
      artist: rebase(artistByYear.get(year), artistBase),
    })),
  };
}

/**
 * Whether the rows draw at least one line: a series needs two years. A new work with one appraisal beside an artist
 * with one year of figures would otherwise show axes and a legend over nothing; the page then says there is no
 * history yet instead.
 */
export function drawsALine(rows: readonly YearRow[]): boolean {
  const points = (key: string) => rows.filter((row) => typeof row[key] === 'number').length;
  return points('painting') >= 2 || points('artist') >= 2;
}
