/**
 * Every text has both languages, and code and catalogues agree: each id the code asks for
 * (`formatMessage({ id })`, `<FormattedMessage id>`, an id written as data) is in every
 * language's catalogue, each id sits in its own package's folder, each language's text takes
 * the same arguments as the English one, and no catalogue keeps a text nothing shows.
 * The catalogues are read with tenant-config's `loadCatalogues`, the loader the build uses,
 * which already refuses an id missing from a language and a text that is not ICU.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { type Catalogues, loadCatalogues } from '@admit/tenant-config/node';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

/** Each package with texts, its id prefix (docs of the design: `ds.`, `app.`…) and its code. */
const PACKAGES = [
  { name: 'form-model', prefix: 'model.' },
  { name: 'design-system', prefix: 'ds.' },
  { name: 'form-app', prefix: 'app.' },
  { name: 'office-app', prefix: 'office.' },
  { name: 'server', prefix: 'server.' },
] as const;
const PREFIXES = PACKAGES.map((entry) => entry.prefix);

/** A string that can only be a message id: a package's prefix, then dotted names. */
const ID_SHAPE = /^(ds|app|model|server)\.[A-Za-z][\w-]*(\.[\w-]+)+$/;
/** In office-app, `office.` ids too (elsewhere `office.login.success` is a security event's name). */
const OFFICE_ID_SHAPE = /^(ds|office)\.[A-Za-z][\w-]*(\.[\w-]+)+$/;
const FIXTURE = /\.(test|stories)\.tsx?$|\/testing\/|\/locales\//;

function localesOf(name: string): string {
  return join(ROOT, name, 'src', 'locales');
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !FIXTURE.test(path))
      files.push(path);
  }
  return files;
}

interface Use {
  id: string;
  where: string;
}

interface CodeIds {
  /** Ids asked for by name where a message is formatted: each must exist. */
  asked: Use[];
  /** Id-shaped strings anywhere (a table of ids, a descriptor kept aside): each must exist. */
  written: Use[];
  /** The fixed start of an id built at run time (`app.step.${name}`): some id must start so. */
  prefixes: Use[];
  /** Where an id is held in a variable: named for a reader, checked where it is written. */
  unknown: string[];
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** What an id expression says: a literal id, the fixed start of a built one, or nothing known. */
function idOf(expression: ts.Expression): { id: string } | { prefix: string } | undefined {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return { id: expression.text };
  if (ts.isTemplateExpression(expression)) return { prefix: expression.head.text };
  if (
    ts.isBinaryExpression(expression) &&
    expression.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    ts.isStringLiteral(expression.left)
  )
    return { prefix: expression.left.text };
  return undefined;
}

/** The ids of every source file of the packages, walked with TypeScript's parser. */
function idsInCode(): CodeIds {
  const found: CodeIds = { asked: [], written: [], prefixes: [], unknown: [] };
  for (const { name } of PACKAGES) {
    const shape = name === 'office-app' ? OFFICE_ID_SHAPE : ID_SHAPE;
    const src = join(ROOT, name, 'src');
    if (!existsSync(src)) continue;
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const at = (node: ts.Node) =>
        `${relative(ROOT, file)}:${String(source.getLineAndCharacterOfPosition(node.getStart()).line + 1)}`;
      const asked = (expression: ts.Expression) => {
        const id = idOf(expression);
        if (id === undefined) found.unknown.push(at(expression));
        else if ('id' in id) found.asked.push({ id: id.id, where: at(expression) });
        else found.prefixes.push({ id: id.prefix, where: at(expression) });
      };
      const visit = (node: ts.Node): void => {
        // formatMessage({ id: … }) and intl.formatMessage({ id: … }, values)
        if (ts.isCallExpression(node)) {
          const callee = node.expression;
          const name = ts.isIdentifier(callee)
            ? callee.text
            : ts.isPropertyAccessExpression(callee)
              ? callee.name.text
              : '';
          const [descriptor] = node.arguments;
          if (
            (name === 'formatMessage' || name === 'defineMessage') &&
            descriptor !== undefined &&
            ts.isObjectLiteralExpression(descriptor)
          ) {
            for (const property of descriptor.properties)
              if (ts.isPropertyAssignment(property) && propertyName(property.name) === 'id')
                asked(property.initializer);
          }
        }
        // <FormattedMessage id="…" />
        if (
          (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
          node.tagName.getText(source) === 'FormattedMessage'
        ) {
          for (const attribute of node.attributes.properties)
            if (ts.isJsxAttribute(attribute) && attribute.name.getText(source) === 'id') {
              const value = attribute.initializer;
              if (value === undefined) continue;
              if (ts.isStringLiteral(value)) found.asked.push({ id: value.text, where: at(value) });
              else if (ts.isJsxExpression(value) && value.expression !== undefined)
                asked(value.expression);
            }
        }
        if (
          (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
          shape.test(node.text)
        )
          found.written.push({ id: node.text, where: at(node) });
        if (
          ts.isTemplateExpression(node) &&
          /^(ds|app|office|model|server)\.[\w.-]*$/.test(node.head.text)
        )
          found.prefixes.push({ id: node.head.text, where: at(node) });
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found;
}

/** The packages whose catalogues are on disk (a package gets its folder with its first text). */
const withCatalogues = PACKAGES.filter(({ name }) => existsSync(localesOf(name)));
const catalogues: Catalogues = loadCatalogues(withCatalogues.map(({ name }) => localesOf(name)));
const english = catalogues.en ?? {};
const code = idsInCode();

/** The argument and tag names a message takes, each once, sorted. */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.type === TYPE.tag ? `<${element.value}>` : element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(text));
  return [...names].sort();
}

function list(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `\n  ${lines.join('\n  ')}`;
}

describe('the catalogues', () => {
  it('have English and Spanish, and every id in each (loadCatalogues checks the rest)', () => {
    expect(Object.keys(catalogues)).toEqual(expect.arrayContaining(['en', 'es']));
    const languages = Object.keys(catalogues);
    const missing = Object.keys(english).flatMap((id) =>
      languages
        .filter((language) => !(id in (catalogues[language] ?? {})))
        .map((l) => `${l}: ${id}`),
    );
    expect(missing, `ids without a text in a language:${list(missing)}`).toEqual([]);
  });

  it('keep each id in its own package’s folder, under its prefix', () => {
    const misplaced: string[] = [];
    for (const { name, prefix } of withCatalogues) {
      const folder = join(localesOf(name), 'en');
      for (const file of readdirSync(folder).filter((entry) => entry.endsWith('.json'))) {
        const ids = Object.keys(JSON.parse(readFileSync(join(folder, file), 'utf8')) as object);
        for (const id of ids)
          if (!id.startsWith(prefix)) misplaced.push(`${name}/src/locales/en/${file}: ${id}`);
      }
    }
    expect(misplaced, `ids outside their package's prefix:${list(misplaced)}`).toEqual([]);
  });

  it('give every language the arguments and tags of the English text', () => {
    const differ: string[] = [];
    for (const [id, text] of Object.entries(english)) {
      const wanted = argumentsOf(text).join(', ');
      for (const [language, messages] of Object.entries(catalogues)) {
        const other = messages[id];
        if (language === 'en' || other === undefined) continue;
        const got = argumentsOf(other).join(', ');
        if (got !== wanted) differ.push(`${language}: ${id} takes {${got}}, English {${wanted}}`);
      }
    }
    expect(differ, `texts whose arguments differ from English:${list(differ)}`).toEqual([]);
  });
});

describe('the code and the catalogues agree', () => {
  it('finds the texts the code asks for (the walk itself works)', () => {
    // Each package whose catalogue has texts has code that asks for some: if none is found,
    // the walk is broken and the checks below would pass for nothing.
    const found = [...code.asked, ...code.written].map((use) => use.id);
    for (const { name, prefix } of withCatalogues)
      if (Object.keys(english).some((id) => id.startsWith(prefix)))
        expect(
          found.filter((id) => id.startsWith(prefix)),
          `${name}'s ids in its code`,
        ).not.toEqual([]);
  });

  it('has every id the code asks for in the catalogues', () => {
    const missing = [
      ...new Set(
        [...code.asked, ...code.written]
          .filter((use) => !(use.id in english))
          .map((use) => `${use.id} (${use.where})`),
      ),
    ];
    expect(missing, `ids the code uses that no catalogue holds:${list(missing)}`).toEqual([]);
  });

  it('has some id for each id the code builds at run time', () => {
    const ids = Object.keys(english);
    const missing = code.prefixes
      .filter((use) => !ids.some((id) => id.startsWith(use.id)))
      .map((use) => `${use.id}… (${use.where})`);
    expect(missing, `built ids that match no catalogue id:${list(missing)}`).toEqual([]);
    // An id held in a variable is checked where it is written (an id-shaped string, above);
    // these are the places a reader may want to look at.
    if (code.unknown.length > 0)
      console.info(`formatMessage with an id held in a variable:${list(code.unknown)}`);
  });

  it('uses every id of the catalogues (a text nothing shows is dead weight for translators)', () => {
    const used = new Set([...code.asked, ...code.written].map((use) => use.id));
    const prefixes = code.prefixes.map((use) => use.id).filter((prefix) => prefix.includes('.'));
    const unused = Object.keys(english).filter(
      (id) => !used.has(id) && !prefixes.some((prefix) => id.startsWith(prefix)),
    );
    expect(unused, `catalogue ids no code uses:${list(unused)}`).toEqual([]);
  });

  it('names only known prefixes', () => {
    const strange = Object.keys(english).filter(
      (id) => !PREFIXES.some((prefix) => id.startsWith(prefix)),
    );
    expect(strange).toEqual([]);
  });
});
