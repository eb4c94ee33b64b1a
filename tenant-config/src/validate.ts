/**
 * Checks a college's file against its JSON Schema (ajv) and says what is wrong in words, one
 * problem per fault. A step's blocks are a union of some twenty kinds: where ajv reports every
 * kind's complaint about a block, this picks the kind the block claims to be (its `type`, a
 * trigger's `mode`, the fields it has) and reports that kind's complaints only.
 */
import { Ajv, type ErrorObject, type SchemaObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

import collegeSchema from '../schema/college.schema.json' with { type: 'json' };
import localeSchema from '../schema/locale.schema.json' with { type: 'json' };
import optionsSchema from '../schema/options.schema.json' with { type: 'json' };
import stepSchema from '../schema/step.schema.json' with { type: 'json' };
import { isObject, valueAt } from './json.ts';

/** A fault in a file: where (a JSON Pointer) and what. */
export interface SchemaIssue {
  pointer: string;
  message: string;
}

/** The four kinds of file in a college's folder, each with its schema. */
export type FileKind = 'college' | 'step' | 'options' | 'locale';

const ROOTS: Readonly<Record<FileKind, SchemaObject>> = {
  college: collegeSchema,
  step: stepSchema,
  options: optionsSchema,
  locale: localeSchema,
};

/** The most fields a message lists when it names the allowed ones. */
const MAX_LISTED_FIELDS = 20;

// ajv-formats is CommonJS: its default export is the plugin under Node, and in a bundle.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as unknown as (ajv: Ajv, formats: string[]) => Ajv;

let ajv: Ajv | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

function validator(root: SchemaObject, schema: SchemaObject): ValidateFunction {
  ajv ??= addFormats(new Ajv({ allErrors: true, verbose: true, strict: false }), ['email', 'uri']);
  let validate = compiled.get(schema);
  if (validate === undefined) {
    // A branch of a union, compiled with its file's definitions so its $refs resolve.
    validate = ajv.compile(
      schema === root ? root : { ...schema, definitions: root.definitions as unknown },
    );
    compiled.set(schema, validate);
  }
  return validate;
}

const within = (pointer: string, outer: string) =>
  pointer === outer || pointer.startsWith(`${outer}/`);

/** A union's kinds, its `$ref`s followed and unions inside it opened. */
function leaves(root: SchemaObject, branches: readonly SchemaObject[]): SchemaObject[] {
  return branches.flatMap((branch) => {
    const ref = typeof branch.$ref === 'string' ? branch.$ref : undefined;
    const target = ref?.startsWith('#/definitions/')
      ? ((root.definitions as Record<string, SchemaObject> | undefined)?.[
          ref.slice('#/definitions/'.length)
        ] ?? branch)
      : branch;
    return Array.isArray(target.anyOf) ? leaves(root, target.anyOf as SchemaObject[]) : [target];
  });
}

/** The JSON type of a value as a schema names it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function accepts(schema: SchemaObject, value: unknown): boolean {
  const types: unknown = schema.type;
  if (types === undefined) return true;
  const list = Array.isArray(types) ? (types as string[]) : [types as string];
  const type = jsonType(value);
  return list.includes(type) || (type === 'integer' && list.includes('number'));
}

/** A field's fixed value in a kind (`type: "text"`), if the kind fixes it. */
function fixedValue(schema: unknown): unknown {
  if (!isObject(schema)) return undefined;
  if ('const' in schema) return schema.const;
  return Array.isArray(schema.enum) && schema.enum.length === 1 ? schema.enum[0] : undefined;
}

const A_TYPE: Readonly<Record<string, string>> = {
  string: 'a text (in quotes)',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object { … }',
  array: 'a list [ … ]',
  null: 'null',
};

const quoted = (value: unknown) => JSON.stringify(value);
const oneOf = (values: readonly unknown[]) =>
  values.length === 1 ? quoted(values[0]) : `one of ${values.map(quoted).join(', ')}`;

/** One ajv error in words, at its pointer. */
function describe(error: ErrorObject, at: string): SchemaIssue {
  const pointer = at + error.instancePath;
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as SchemaObject;
  const shown = quoted(error.data);
  switch (error.keyword) {
    case 'required':
      return { pointer, message: `needs "${String(params.missingProperty)}"` };
    case 'additionalProperties': {
      const allowed = Object.keys((parent.properties ?? {}) as object);
      const list =
        allowed.length <= MAX_LISTED_FIELDS ? ` (allowed here: ${allowed.join(', ')})` : '';
      return {
        pointer: `${pointer}/${String(params.additionalProperty)}`,
        message: `is not a field here${list}`,
      };
    }
    case 'type': {
      const types = String(params.type).split(',');
      return {
        pointer,
        message: `must be ${types.map((type) => A_TYPE[type] ?? type).join(' or ')}, not ${shown}`,
      };
    }
    case 'const':
      return { pointer, message: `must be ${quoted(params.allowedValue)}, not ${shown}` };
    case 'enum':
      return {
        pointer,
        message: `must be ${oneOf(params.allowedValues as unknown[])}, not ${shown}`,
      };
    case 'pattern':
      return {
        pointer,
        message: `${shown} is not allowed here${
          typeof parent.description === 'string' ? `: ${parent.description}` : ''
        } (pattern ${String(params.pattern)})`,
      };
    case 'format':
      return {
        pointer,
        message: `${shown} is not ${params.format === 'email' ? 'an e-mail address' : params.format === 'uri' ? 'a web address (https://…)' : `a valid ${String(params.format)}`}`,
      };
    case 'minimum':
    case 'maximum':
      return {
        pointer,
        message: `is ${shown}; it must be at ${error.keyword === 'minimum' ? 'least' : 'most'} ${String(params.limit)}`,
      };
    case 'minItems':
      return {
        pointer,
        message: `must hold at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`,
      };
    default:
      return { pointer, message: error.message ?? `fails "${error.keyword}"` };
  }
}

/** Why `value` fits none of a union's kinds: the complaints of the kind it comes closest to. */
function explainUnion(
  root: SchemaObject,
  branches: readonly SchemaObject[],
  value: unknown,
  at: string,
): SchemaIssue[] {
  const kinds = leaves(root, branches);
  if (isObject(value)) {
    const scored = kinds
      .filter((kind) => accepts(kind, value))
      .flatMap((kind) => {
        const properties = (kind.properties ?? {}) as Record<string, unknown>;
        let matches = 0;
        for (const [name, property] of Object.entries(properties)) {
          const fixed = fixedValue(property);
          if (fixed === undefined || !(name in value)) continue;
          if (value[name] !== fixed) return [];
          matches += 1;
        }
        const unknown =
          kind.additionalProperties === false
            ? Object.keys(value).filter((name) => !(name in properties)).length
            : 0;
        const required = Array.isArray(kind.required) ? (kind.required as string[]) : [];
        const missing = required.filter((name) => !(name in value)).length;
        return [{ kind, matches, misfit: unknown + missing }];
      })
      .sort((a, b) => b.matches - a.matches || a.misfit - b.misfit);
    const best = scored[0];
    if (best !== undefined) return explain(root, best.kind, value, at);
    // No kind takes it: name the field that tells the kinds apart and what it may be.
    const discriminator = kinds
      .flatMap((kind) =>
        Object.entries((kind.properties ?? {}) as Record<string, unknown>).filter(
          ([, property]) => fixedValue(property) !== undefined,
        ),
      )
      .map(([name]) => name)[0];
    if (discriminator !== undefined) {
      const allowed = [
        ...new Set(
          kinds.flatMap((kind) => {
            const fixed = fixedValue((kind.properties as Record<string, unknown>)[discriminator]);
            return fixed === undefined ? [] : [fixed];
          }),
        ),
      ];
      return discriminator in value
        ? [
            {
              pointer: `${at}/${discriminator}`,
              message: `must be ${oneOf(allowed)}, not ${quoted(value[discriminator])}`,
            },
          ]
        : [{ pointer: at, message: `needs "${discriminator}": ${oneOf(allowed)}` }];
    }
  }
  const candidates = kinds.filter((kind) => accepts(kind, value));
  if (candidates.length === 0) {
    const types = [
      ...new Set(kinds.flatMap((kind) => (typeof kind.type === 'string' ? [kind.type] : []))),
    ];
    return [
      {
        pointer: at,
        message: `must be ${types.map((type) => A_TYPE[type] ?? type).join(' or ')}, not ${quoted(value)}`,
      },
    ];
  }
  const explained = candidates.map((kind) => explain(root, kind, value, at));
  if (explained.length === 1) return explained[0] ?? [];
  // Several kinds of the same type (a list name: form-model's, or a file's): either would do.
  return [
    {
      pointer: at,
      message: explained
        .map((issues) => issues.map((issue) => issue.message).join('; '))
        .join(', or '),
    },
  ];
}

function explain(
  root: SchemaObject,
  schema: SchemaObject,
  value: unknown,
  at: string,
): SchemaIssue[] {
  const validate = validator(root, schema);
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  const unions = errors.filter((error) => error.keyword === 'anyOf');
  // The outermost unions that failed: every other complaint under them is one of their kinds'.
  // Of two at one place (a union inside a union), ajv reports the inner one first.
  const outermost = unions.filter(
    (union, index) =>
      !unions.some((other, otherIndex) =>
        other.instancePath === union.instancePath
          ? otherIndex > index
          : within(union.instancePath, other.instancePath),
      ),
  );
  const issues = errors
    .filter(
      (error) =>
        error.keyword !== 'anyOf' &&
        !outermost.some((union) => within(error.instancePath, union.instancePath)),
    )
    .map((error) => describe(error, at));
  for (const union of outermost) {
    issues.push(
      ...explainUnion(
        root,
        union.schema as SchemaObject[],
        valueAt(value, union.instancePath),
        at + union.instancePath,
      ),
    );
  }
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.pointer}\n${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every fault of a file's value against its kind's schema, in words; empty when it fits. */
export function schemaIssues(kind: FileKind, value: unknown): SchemaIssue[] {
  const root = ROOTS[kind];
  return explain(root, root, value, '');
}
