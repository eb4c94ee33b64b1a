/**
 * Writes the JSON Schemas of a college's files (`tenant-config/schema/*.schema.json`) from the
 * source-format types in `src/format.ts`, their doc comments becoming the descriptions an
 * editor shows: `npm run schema --workspace tenant-config`. `src/schema.test.ts` fails while
 * the committed schemas differ from what this writes, so a type change is never left without
 * its schema.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { MAX_ADD_ANOTHER, OPTION_LIST_NAMES, TENANT_TEXTAREA_MAX_LENGTH } from '@admit/form-model';
import { format, resolveConfig } from 'prettier';
import { createGenerator, type Definition, type Schema } from 'ts-json-schema-generator';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

/** The command that writes the schemas again, for messages. */
export const SCHEMA_COMMAND = 'npm run schema --workspace tenant-config';

/** Each schema file and the type in src/format.ts it is made from. */
export const SCHEMA_FILES = {
  'college.schema.json': { type: 'CollegeFile', file: 'college.json' },
  'step.schema.json': { type: 'StepFile', file: 'steps/<id>.json' },
  'options.schema.json': { type: 'OptionsFile', file: 'options/<name>.json' },
  'locale.schema.json': { type: 'LocaleFile', file: 'locales/<language>.json' },
} as const;

export type SchemaFileName = keyof typeof SCHEMA_FILES;

/** form-model's own lists, as the schema generated from its `OptionListName` has them. */
const COLLEGE_LIST = {
  type: 'string',
  pattern: '^[a-z][a-z0-9-]*$',
  description: "One of the college's own lists: the file options/<name>.json in its folder.",
} satisfies Definition;

function object(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Fails the script when form-model's types no longer have the shape the widening expects. */
function expectShape(found: unknown, what: string): Record<string, unknown> {
  const shape = object(found);
  if (shape === undefined)
    throw new Error(
      `scripts/schema.ts: ${what} is not where it was in form-model's OptionSource; update the script`,
    );
  return shape;
}

/**
 * The step schema as a college writes it: a `{ "list": name }` names form-model's lists or one
 * of the college's `options/` files (form-model's `OptionListName` is its own lists only), and
 * so may each answer's list in a conditional select. The loader resolves both before the engine
 * sees the pages (`resolveOptionLists`).
 */
function widenOptionLists(schema: Schema): Schema {
  const definitions = expectShape(schema.definitions, 'definitions');
  const formModelLists = expectShape(definitions.OptionListName, 'OptionListName');
  definitions.OptionListName = {
    description: `form-model's list (${OPTION_LIST_NAMES.join(', ')}) or one of the college's own, options/<name>.json.`,
    anyOf: [{ ...formModelLists, description: "form-model's own lists." }, COLLEGE_LIST],
  };
  const source = expectShape(definitions.OptionSource, 'OptionSource');
  const branches = Array.isArray(source.anyOf) ? source.anyOf : [];
  const byAnswer = branches
    .map((branch) => object(object(object(branch)?.properties)?.byAnswer))
    .find((branch) => branch !== undefined);
  const perAnswer = expectShape(
    object(expectShape(byAnswer?.properties, 'byAnswer').options),
    'byAnswer.options',
  );
  const list = expectShape(perAnswer.additionalProperties, "byAnswer.options' lists");
  perAnswer.additionalProperties = {
    anyOf: [
      list,
      {
        type: 'object',
        properties: { list: { $ref: '#/definitions/OptionListName' } },
        required: ['list'],
        additionalProperties: false,
      },
    ],
  };
  return schema;
}

/** A number the loader refuses outside these bounds, so that an editor shows them too. */
const LIMITS: readonly { definition: RegExp; property: string; limits: Definition }[] = [
  // SPEC §9: at most 10 groups.
  {
    definition: /^AddAnotherBlock$/,
    property: 'max',
    limits: { type: 'integer', minimum: 1, maximum: MAX_ADD_ANOTHER },
  },
  // SPEC §3: the college's character limit is at most form-model's tenant limit (7000).
  {
    definition: /^CollegeFile$/,
    property: 'characterLimit',
    limits: { type: 'integer', minimum: 1, maximum: TENANT_TEXTAREA_MAX_LENGTH },
  },
  // SPEC §3: no answer is longer than the college's character limit.
  {
    definition: /Question$/,
    property: 'maxLength',
    limits: { type: 'integer', minimum: 1, maximum: TENANT_TEXTAREA_MAX_LENGTH },
  },
];

/** Sets LIMITS on the fields of `schema` they name; `applied` collects the ones that found theirs. */
function withLimits(schema: Schema, applied: Set<number>): Schema {
  const definitions = expectShape(schema.definitions, 'definitions');
  for (const [name, definition] of Object.entries(definitions)) {
    LIMITS.forEach(({ definition: pattern, property, limits }, index) => {
      const field = object(object(object(definition)?.properties)?.[property]);
      if (!pattern.test(name) || field === undefined) return;
      Object.assign(field, limits);
      applied.add(index);
    });
  }
  return schema;
}

/** Every schema file's text, as the script writes it (Prettier's JSON, as the repo formats). */
export async function generateSchemas(): Promise<Record<SchemaFileName, string>> {
  const generator = createGenerator({
    path: join(PACKAGE, 'src/format.ts'),
    tsconfig: join(PACKAGE, 'tsconfig.json'),
    expose: 'export',
    jsDoc: 'extended',
    sortProps: false,
    // The types are type-checked by `tsc -b`; the generator's own TypeScript only reads them.
    skipTypeCheck: true,
    additionalProperties: false,
  });
  const texts = {} as Record<SchemaFileName, string>;
  const applied = new Set<number>();
  for (const [file, made] of Object.entries(SCHEMA_FILES) as [
    SchemaFileName,
    (typeof SCHEMA_FILES)[SchemaFileName],
  ][]) {
    let schema = generator.createSchema(made.type);
    if (file === 'step.schema.json') schema = widenOptionLists(schema);
    schema = withLimits(schema, applied);
    const titled = {
      $schema: schema.$schema,
      title: `An Admit college's ${made.file} (tenant-config/scripts/schema.ts writes this from src/format.ts: do not edit)`,
      ...schema,
    };
    const filepath = join(PACKAGE, 'schema', file);
    const options = await resolveConfig(filepath);
    texts[file] = await format(JSON.stringify(titled), { ...options, filepath });
  }
  if (applied.size !== LIMITS.length)
    throw new Error('scripts/schema.ts: a limit found no field of its name; update LIMITS');
  return texts;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, text] of Object.entries(await generateSchemas())) {
    writeFileSync(join(PACKAGE, 'schema', file), text);
    console.log(`wrote tenant-config/schema/${file}`);
  }
}
