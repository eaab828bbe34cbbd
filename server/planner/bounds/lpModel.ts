import type { Highs, Model } from 'highs';

/** A sparse LP as the bounds build it: rows with their bounds, the matrix in CSR or CSC. */
export interface SparseLp {
  format: 'csr' | 'csc';
  numCols: number;
  rowLower: readonly number[];
  rowUpper: readonly number[];
  starts: readonly number[];
  indices: readonly number[];
  values: readonly number[];
  /** Column upper bounds (default: none). */
  colUpper?: readonly number[];
}

/**
 * A HiGHS model that maximises column 0 (the demand scale K), every column at least 0. The caller owns it
 * (dispose() when done: HiGHS memory lives outside the JavaScript heap).
 */
export function maxScaleModel(highs: Highs, lp: SparseLp): Model {
  const { numCols } = lp;
  const numRows = lp.rowLower.length;
  const colCost = new Float64Array(numCols);
  colCost[0] = 1;
  return highs.createModel({
    numCols,
    numRows,
    sense: highs.constants.objectiveSense.maximize,
    colCost,
    colLower: new Float64Array(numCols),
    colUpper: lp.colUpper ? Float64Array.from(lp.colUpper) : new Float64Array(numCols).fill(highs.infinity),
    rowLower: Float64Array.from(lp.rowLower),
    rowUpper: Float64Array.from(lp.rowUpper),
    matrix: {
      format: lp.format,
      numRows,
      numCols,
      starts: Int32Array.from(lp.starts),
      indices: Int32Array.from(lp.indices),
      values: Float64Array.from(lp.values),
    },
  });
}

/** a mod m in [0, m). */
export const mod = (a: number, m: number): number => ((a % m) + m) % m;
