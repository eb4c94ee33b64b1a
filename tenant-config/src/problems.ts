/**
 * A problem found in a college's folder, and the error that lists every one of them. A problem
 * names the file (relative to the folder), the line when known and the JSON path of the value
 * at fault, so that staff can go straight to it:
 * `steps/about.json:57: /sections/2/blocks/4/key: …`.
 */

/** One problem of a college's folder. */
export interface CollegeProblem {
  /** The file, relative to the folder (`college.json`, `steps/about.json`, `logo.svg`). */
  file: string;
  /** The JSON Pointer of the value at fault (`/sections/2/blocks/4/key`); absent for a whole file. */
  pointer?: string;
  /** The line of that value in the file (1-based), when known. */
  line?: number;
  /** What is wrong, as a sentence a person understands. */
  message: string;
}

/**
 * One problem as a line: `file:line: /pointer: message` (the parts that are known).
 *
 * @example formatProblem({ file: 'college.json', pointer: '/defaultRoute', line: 92, message: 'is not a step' })
 * // 'college.json:92: /defaultRoute: is not a step'
 */
export function formatProblem({ file, pointer, line, message }: CollegeProblem): string {
  const where = line === undefined ? file : `${file}:${line}`;
  return pointer === undefined || pointer === ''
    ? `${where}: ${message}`
    : `${where}: ${pointer}: ${message}`;
}

/** A college that cannot be loaded; `problems` lists every problem found, not only the first. */
export class TenantConfigError extends Error {
  /** Each problem as a line (`formatProblem`). */
  readonly problems: readonly string[];

  constructor(
    /** The college's id, or its folder. */
    readonly tenantId: string,
    problems: readonly (string | CollegeProblem)[],
  ) {
    const lines = problems.map((problem) =>
      typeof problem === 'string' ? problem : formatProblem(problem),
    );
    super(
      `College "${tenantId}" has ${lines.length} problem${lines.length === 1 ? '' : 's'}:\n- ${lines.join('\n- ')}`,
    );
    this.name = 'TenantConfigError';
    this.problems = lines;
  }
}
