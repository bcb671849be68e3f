/**
 * Whether two mention rates really differ: Fisher's exact test for small samples (fewer than 100
 * answers in the two runs together, or any expected count under 5), where the normal
 * approximation calls too many changes; the pooled two-proportion z-test for larger ones.
 * Both are two-sided. The same code runs for the report page, the CSV and the change email.
 */

/** A change is called significant below this p-value. */
export const SIGNIFICANCE_LEVEL = 0.05;
/** Below this expected count in any cell, the z-test's normal approximation is not trusted. */
const MIN_EXPECTED_COUNT = 5;
/** Below this many answers in both runs together, the exact test is used whatever the counts. */
const MIN_ANSWERS_FOR_Z = 100;

export interface Proportion {
  /** Answers naming the brand. */
  k: number;
  /** Answers in all. */
  n: number;
}

export interface ProportionTest {
  p: number;
  test: 'fisher' | 'z';
}

/** ln(n!) by summing logs: counts here are at most a few thousand answers. */
function logFactorials(max: number): Float64Array {
  const table = new Float64Array(max + 1);
  for (let i = 2; i <= max; i++) table[i] = table[i - 1]! + Math.log(i);
  return table;
}

/**
 * Fisher's exact test, two-sided, of the 2×2 table [[a, b], [c, d]]: the probability, with the
 * margins fixed, of every table at most as likely as the one observed.
 */
export function fisherExactTwoSided(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const row2 = c + d;
  const col1 = a + c;
  const n = row1 + row2;
  if (n === 0 || row1 === 0 || row2 === 0 || col1 === 0 || col1 === n) return 1;
  const lf = logFactorials(n);
  const logDenominator = lf[n]! - lf[row1]! - lf[row2]! - lf[col1]! - lf[n - col1]!;
  const probability = (x: number): number => Math.exp(-(lf[x]! + lf[row1 - x]! + lf[col1 - x]! + lf[row2 - col1 + x]!) - logDenominator);
  const observed = probability(a);
  let p = 0;
  for (let x = Math.max(0, col1 - row2); x <= Math.min(row1, col1); x++) {
    const each = probability(x);
    // A relative tolerance, as R's fisher.test uses, so that ties in floating point count as ties.
    if (each <= observed * (1 + 1e-7)) p += each;
  }
  return Math.min(1, p);
}

/** Standard normal upper tail, by the complementary error function (Numerical Recipes' erfc, error below 1.2e-7). */
function normalTwoSidedP(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return Math.min(1, erfc);
}

/** The pooled two-proportion z-test, two-sided. */
export function twoProportionZTest(before: Proportion, after: Proportion): number {
  const pooled = (before.k + after.k) / (before.n + after.n);
  const variance = pooled * (1 - pooled) * (1 / before.n + 1 / after.n);
  if (variance === 0) return 1;
  return normalTwoSidedP((after.k / after.n - before.k / before.n) / Math.sqrt(variance));
}

/** The test that suits the counts, and its p-value; 1 when either side has no answers. */
export function compareProportions(before: Proportion, after: Proportion): ProportionTest {
  if (before.n === 0 || after.n === 0) return { p: 1, test: 'fisher' };
  const n = before.n + after.n;
  const mentioned = before.k + after.k;
  const expected = [before.n, after.n].flatMap((rowTotal) => [(rowTotal * mentioned) / n, (rowTotal * (n - mentioned)) / n]);
  if (n >= MIN_ANSWERS_FOR_Z && expected.every((count) => count >= MIN_EXPECTED_COUNT)) return { p: twoProportionZTest(before, after), test: 'z' };
  return { p: fisherExactTwoSided(before.k, before.n - before.k, after.k, after.n - after.k), test: 'fisher' };
}

/** "p = 0.01", "p = 0.004", "p < 0.001": two decimals, three below 0.01 or where two would read as 0.05 for a significant p. */
export function formatPValue(p: number): string {
  if (p < 0.001) return 'p < 0.001';
  const twoDecimals = p.toFixed(2);
  if (p < 0.01 || (p < SIGNIFICANCE_LEVEL && twoDecimals === '0.05')) return `p = ${p.toFixed(3)}`;
  return `p = ${twoDecimals}`;
}

/**
 * The sentence the page and the email show: "up from 2 of 12 to 9 of 12 (significant, p = 0.01)"
 * or "no significant change (4 of 12, then 5 of 12)".
 */
export function changeSentence(before: Proportion, after: Proportion, p: number): string {
  if (p >= SIGNIFICANCE_LEVEL) return `no significant change (${before.k} of ${before.n}, then ${after.k} of ${after.n})`;
  const direction = after.k / after.n > before.k / before.n ? 'up' : 'down';
  return `${direction} from ${before.k} of ${before.n} to ${after.k} of ${after.n} (significant, ${formatPValue(p)})`;
}
