import { CombinedGraphQLErrors } from '@apollo/client';

/**
 * The parts of the overview's one query (overview.graphql) that may fail alone: each is a nullable field, so the
 * server nulls it with its error and answers the rest; the page then shows that part's own failure with a retry.
 * Anything else (the summary, billers, the account, the shell's settings and day) is the page's core: its failure
 * fails the page, as before.
 */
export type OverviewPart = 'activities' | 'notes' | 'changeWaiting' | 'hardship';

/** What failed of one answer of the overview's query. */
export interface OverviewFailures {
  /** The part's error message (the server's; '' when it gave none). */
  parts: Partial<Record<OverviewPart, string>>;
  /** Something outside the parts failed (or the request itself): the page as a whole. */
  core: boolean;
}

/** The answer's fields each part is read from (the path of its field in the query). */
const PART_PATHS: readonly { part: OverviewPart; path: readonly string[] }[] = [
  { part: 'activities', path: ['activities'] },
  { part: 'notes', path: ['accountOverview', 'notes'] },
  { part: 'changeWaiting', path: ['agreementChangeWaiting'] },
  { part: 'hardship', path: ['hardshipCase'] },
];

function partOf(path: readonly (string | number)[] | undefined): OverviewPart | null {
  if (!path) return null;
  const found = PART_PATHS.find((candidate) => candidate.path.every((key, index) => path[index] === key));
  return found?.part ?? null;
}

/**
 * Which parts an answer's errors belong to (pure: table-tested). A GraphQL error is the part's whose field its path
 * starts with; one without a path, of another field, or a failure that is no GraphQL error (network, server down)
 * fails the core.
 */
export function overviewFailures(error: unknown): OverviewFailures {
  const failures: OverviewFailures = { parts: {}, core: false };
  if (!error) return failures;
  if (!CombinedGraphQLErrors.is(error)) return { ...failures, core: true };
  for (const item of error.errors) {
    const part = partOf(item.path);
    if (part === null) failures.core = true;
    else failures.parts[part] ??= item.message.trim();
  }
  return failures;
}

/** The overview's answer as far as its parts are concerned. */
export interface OverviewPartsAnswer {
  activities?: unknown;
  accountOverview?: { notes?: unknown } | null;
  agreementChangeWaiting?: unknown;
  hardshipCase?: unknown;
}

/** The parts that are never null on success (the activities' page; staff's notes): null, they failed. */
function neverNull(part: OverviewPart, staff: boolean): boolean {
  return part === 'activities' || (part === 'notes' && staff);
}

function valueOf(part: OverviewPart, answer: OverviewPartsAnswer): unknown {
  switch (part) {
    case 'activities':
      return answer.activities;
    case 'notes':
      return answer.accountOverview?.notes;
    case 'changeWaiting':
      return answer.agreementChangeWaiting;
    case 'hardship':
      return answer.hardshipCase;
  }
}

/**
 * A part's failure as the page shows it (pure: table-tested): its message ('' when the server gave none), or undefined
 * when it loaded. A part failed when it is null in the answer and its error says so, or when it is null though it is
 * never null on success: a refresh after a change writes its answer to the cache, and the page reads it from there
 * without the errors. A part with a value loaded, whatever an older error said.
 */
export function failedPart(
  part: OverviewPart,
  answer: OverviewPartsAnswer | undefined,
  failures: OverviewFailures,
  staff: boolean,
): string | undefined {
  if (!answer) return undefined;
  const value = valueOf(part, answer);
  if (value !== null && value !== undefined) return undefined;
  if (failures.parts[part] !== undefined) return failures.parts[part];
  return neverNull(part, staff) && value === null ? '' : undefined;
}
