/**
 * The columns of an export, named as the college names its questions (STYLE: forms are data),
 * and its CSV fields: one module for `admin export` (cli/commands.ts) and the office's export
 * (services/office.ts), so that a column reads the same in both and in their data
 * dictionaries.
 */
import {
  descKey,
  groupHeading,
  kindOf,
  type PageConfig,
  type Question,
  walkPages,
} from '@admit/form-model';

/** Characters a spreadsheet would read as the start of a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180); a value that would start a formula is prefixed with `'`. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One column of an export: its answer key, the label the college gives it, its kind and step. */
export interface ExportColumn {
  key: string;
  label: string;
  /** The question's kind (`text`, `ssn`, …), `description` for a choice's stored label. */
  kind: string;
  /** The title of the step (page) that asks it; '' for a column of the application itself. */
  step: string;
}

/** The label of one stored key of `question` (a checkbox of a group, a month or a year). */
function keyLabel(question: Question, key: string): string {
  if (question.type === 'checkboxes')
    return `${question.label}: ${question.options.find((option) => option.key === key)?.label ?? key}`;
  if (question.type === 'month-year')
    return `${question.label} (${key === question.monthKey ? 'month' : 'year'})`;
  return question.label;
}

/**
 * The college's question labels for the answer keys `keys`, in their order: each add-another
 * item named by its group ("College 2: Name"), a choice's stored label as "(description)", and
 * a label two questions share made unique by its section's title, then by its key. A key no
 * question of the form has (an older version's) is labelled by itself, of kind `unknown`.
 */
export function exportColumns(
  pages: readonly PageConfig[],
  keys: readonly string[],
): ExportColumn[] {
  const described = new Map<string, Omit<ExportColumn, 'key'> & { section: string }>();
  for (const item of walkPages(pages, {})) {
    if (item.kind !== 'question') continue;
    const { question } = item;
    const kind = kindOf(question);
    const prefix =
      item.group === undefined ? '' : `${groupHeading(item.group.block, item.group.index)}: `;
    const where = { section: item.section.title, step: item.page.title };
    for (const key of kind.keys(question))
      if (!described.has(key))
        described.set(key, {
          label: `${prefix}${keyLabel(question, key)}`,
          kind: question.type,
          ...where,
        });
    if (kind.descriptions(question) && !described.has(descKey(question.key)))
      described.set(descKey(question.key), {
        label: `${prefix}${question.label} (description)`,
        kind: 'description',
        ...where,
      });
  }
  const columns = keys.map((key) => {
    const found = described.get(key);
    // A key of an older version of the form: no question labels it now.
    return found === undefined
      ? { key, label: key, kind: 'unknown', section: '', step: '' }
      : { key, ...found };
  });
  const count = (labels: string[], label: string) => labels.filter((l) => l === label).length;
  const first = columns.map((column) => column.label);
  const second = columns.map((column, index) =>
    count(first, first[index] ?? '') > 1 && column.section !== ''
      ? `${column.section}: ${column.label}`
      : column.label,
  );
  return columns.map((column, index) => {
    const label = second[index] ?? column.label;
    return {
      key: column.key,
      // Two questions of one section alike (a mailing and a home address): the key tells them apart.
      label: count(second, label) > 1 ? `${column.label} [${column.key}]` : label,
      kind: column.kind,
      step: column.step,
    };
  });
}
