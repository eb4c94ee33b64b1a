/**
 * Writes or brings up to date a college's language file for a translator:
 * `npm run locale --workspace tenant-config -- DIR LANGUAGE` (DIR from where npm was run). Every
 * text of the college is in it, the translations already written kept, each new text with an
 * empty translation to fill in; then `college check` lists what is still to do.
 */
import { resolve } from 'node:path';

import { writeLocaleDraft } from '../src/node/locale.ts';

const [dir, language] = process.argv.slice(2);
if (dir === undefined || language === undefined) {
  console.error(
    'Usage: npm run locale --workspace tenant-config -- DIR LANGUAGE (for example ../my-college es)',
  );
  process.exit(64);
}
const { file, added, unused, named } = writeLocaleDraft(
  resolve(process.env.INIT_CWD ?? process.cwd(), dir),
  language,
);
console.log(
  `wrote ${file}: ${added} text${added === 1 ? '' : 's'} to translate (empty), ${unused} entr${unused === 1 ? 'y' : 'ies'} no longer used (at the end: remove them once read).`,
);
if (!named)
  console.log(
    `Add "${language}" to "languages" in college.json, after the college's own language.`,
  );
