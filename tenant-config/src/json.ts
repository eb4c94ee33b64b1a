/**
 * A college's JSON file parsed with where each value sits, so that a problem can name its
 * line: JSON.parse says neither where a value is nor that a key was written twice.
 */
import { type AnyNode, parse } from '@humanwhocodes/momoa';

import { type CollegeProblem } from './problems.ts';

/** A JSON file read: its value and the line of each JSON Pointer in it. */
export interface ParsedJson {
  value: unknown;
  /** JSON Pointer → 1-based line of the value (the member's name line for an object member). */
  lines: ReadonlyMap<string, number>;
}

/** Whether a value is a JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a JSON Pointer inside `value` (RFC 6901), or undefined. */
export function valueAt(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (inner, segment) =>
        isObject(inner) || Array.isArray(inner)
          ? (inner as Record<string, unknown>)[segment]
          : undefined,
      value,
    );
}

/** A JSON Pointer segment, escaped (RFC 6901). */
export function pointerSegment(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

function walk(
  node: AnyNode,
  pointer: string,
  line: number,
  lines: Map<string, number>,
  duplicates: { pointer: string; line: number; name: string }[],
): void {
  lines.set(pointer, line);
  if (node.type === 'Object') {
    const seen = new Set<string>();
    for (const member of node.members) {
      const name = member.name.type === 'String' ? member.name.value : member.name.name;
      const memberPointer = `${pointer}/${pointerSegment(name)}`;
      if (seen.has(name))
        duplicates.push({ pointer: memberPointer, line: member.loc.start.line, name });
      seen.add(name);
      walk(member.value, memberPointer, member.loc.start.line, lines, duplicates);
    }
  } else if (node.type === 'Array') {
    node.elements.forEach((element, index) => {
      walk(element.value, `${pointer}/${index}`, element.loc.start.line, lines, duplicates);
    });
  }
}

/**
 * Parses a college's JSON file; a file that is not JSON, or that names a key twice in one
 * object (JSON.parse would keep the last silently), is a problem with its line.
 */
export function parseJsonFile(
  file: string,
  text: string,
): { parsed?: ParsedJson; problems: CollegeProblem[] } {
  let document;
  try {
    document = parse(text, { mode: 'json' });
  } catch (error) {
    const { message, line } = error as { message: string; line?: number };
    return {
      problems: [
        {
          file,
          ...(line === undefined ? {} : { line }),
          message: `is not JSON: ${message.replace(/ \(\d+:\d+\)$/, '')}`,
        },
      ],
    };
  }
  const lines = new Map<string, number>();
  const duplicates: { pointer: string; line: number; name: string }[] = [];
  walk(document.body, '', 1, lines, duplicates);
  return {
    parsed: { value: JSON.parse(text) as unknown, lines },
    problems: duplicates.map(({ pointer, line, name }) => ({
      file,
      pointer,
      line,
      message: `"${name}" is written twice in one object; only the last would count`,
    })),
  };
}

/** The line of `pointer` in a parsed file, or of the nearest value that holds it. */
export function lineOf(parsed: ParsedJson | undefined, pointer: string): number | undefined {
  if (parsed === undefined) return undefined;
  let at = pointer;
  for (;;) {
    const line = parsed.lines.get(at);
    if (line !== undefined || at === '') return line;
    at = at.slice(0, at.lastIndexOf('/'));
  }
}
