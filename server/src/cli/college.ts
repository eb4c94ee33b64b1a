/**
 * The staff commands on a college's folder (`npm run admin -- college …`): `check` loads it as
 * a server start would and says OK or lists every problem; `new` writes a folder to start from,
 * a copy of a bundled college. Neither needs the database.
 */
import { type Block, isQuestion, type PageConfig, writtenBlockLists } from '@admit/form-model';
import { TenantConfigError } from '@admit/tenant-config';
import {
  bundledCollegeIds,
  loadCollegeDir,
  newCollege,
  SCHEMA_COPY,
  schemaCopyStale,
} from '@admit/tenant-config/node';

import { CommandError } from './commands.ts';

/** The colleges `college new --from` copies: the bundled ones, gallatin (the default) first. */
export const COLLEGE_TEMPLATES: readonly string[] = bundledCollegeIds();

/** The questions written in the steps' files: a repeated group's template counts once. */
function questionCount(blocks: readonly Block[]): number {
  return blocks.reduce(
    (count, block) =>
      count +
      // A checkbox trigger is a question too (its box stores an answer).
      (isQuestion(block) || (block.type === 'trigger' && block.mode === 'checkbox') ? 1 : 0) +
      writtenBlockLists(block).reduce((sum, [, inner]) => sum + questionCount(inner), 0),
    0,
  );
}

function pagesQuestionCount(pages: readonly PageConfig[]): number {
  return pages.reduce(
    (count, page) =>
      count + page.sections.reduce((sum, section) => sum + questionCount(section.blocks), 0),
    0,
  );
}

export interface CollegeOutput {
  /** A line of the command's result (stdout). */
  out: (line: string) => void;
  /** A note (stderr). */
  note: (line: string) => void;
}

/**
 * `college check DIR`: "DIR: OK — <college>, 3 steps, N questions", or every problem, one a
 * line, each naming its file (relative to DIR) and JSON path; then the command fails.
 */
export function collegeCheckCommand(io: CollegeOutput, dir: string, shownDir: string): void {
  let college;
  try {
    college = loadCollegeDir(dir);
  } catch (error) {
    if (!(error instanceof TenantConfigError)) throw error;
    for (const problem of error.problems) io.out(`${shownDir}/${problem}`);
    throw new CommandError(
      `${shownDir} has ${error.problems.length === 1 ? 'a problem' : `${error.problems.length} problems`} (listed above).`,
    );
  }
  const steps = college.pages.length;
  io.out(
    `${shownDir}: OK — ${college.names.college}, ${steps} step${steps === 1 ? '' : 's'}, ${pagesQuestionCount(college.pages)} questions`,
  );
  if (schemaCopyStale(dir))
    io.note(
      `Note: ${shownDir}/${SCHEMA_COPY}/ is not this Admit's JSON Schemas (an editor checks the files with it); copy tenant-config/schema/*.json there.`,
    );
}

/** `college new DIR [--from ID]`: a new college's folder, a copy of a bundled one. */
export function collegeNewCommand(
  io: CollegeOutput,
  dir: string,
  shownDir: string,
  from: string,
): void {
  let files: string[];
  try {
    files = newCollege(dir, from);
  } catch (error) {
    if (error instanceof TenantConfigError) throw new CommandError(error.problems.join('\n'));
    throw error;
  }
  io.out(`${shownDir}: a new college, copied from ${from} (${files.length} files).`);
  io.note(
    [
      'Next:',
      `  edit ${shownDir}/college.json (names, contacts, theme), ${shownDir}/logo.svg and ${shownDir}/steps/*.json`,
      `  npm run admin -- college check ${shownDir}`,
      `  TENANT_DIR=${shownDir} npm start`,
      'docs/colleges.md describes every field.',
    ].join('\n'),
  );
}
