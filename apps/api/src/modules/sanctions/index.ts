/**
 * The sanctions module (issue 29): the EU consolidated financial sanctions list, loaded and versioned, and the
 * screening of people against it. Other modules (verification) call only what is exported here.
 */
export { decideHit, type HitDecision, SanctionsDecisionError } from './decide-hit';
export { deleteScreeningRecords } from './delete-records';
export { type AuthorityExport, type AuthorityHitRecord, exportHitsForAuthority } from './export-hits';
export {
  defineSanctionsJobs,
  fetchSanctionsList,
  runSanctionsListJob,
  SANCTIONS_LIST_JOB,
  startSanctionsList,
} from './list-job';
export { currentListVersion, type LoadResult, loadSanctionsList } from './load-list';

/** The committed sample of the EU list (its format, fictional names), from the repository's root: tests and development. */
export const SANCTIONS_SAMPLE = 'apps/api/src/modules/sanctions/fixtures/eu-sanctions-sample.xml';
export { type MemberHit, memberHits } from './member-hits';
export { parseEuSanctionsList, SanctionsListFormatError } from './parse-eu-list';
export {
  NO_PEOPLE,
  type OnHit,
  type PeopleSource,
  type RescreenHooks,
  type RescreenSummary,
  rescreenAll,
  rescreenPending,
} from './rescreen';
export { type MatchedField, REVIEW_THRESHOLD, STRONG_MATCH_THRESHOLD } from './rules';
export {
  type HitState,
  NoSanctionsListError,
  type PersonToScreen,
  type ScreeningHit,
  type ScreeningReason,
  type ScreeningResult,
  screenPerson,
} from './screen-person';
