import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import type * as TenantConfigModule from '@admit/tenant-config';
import type * as TenantConfigNode from '@admit/tenant-config/node';
import { type Plugin, runnerImport } from 'vite';

import { TENANT_MODULE, TENANT_PAGES_MODULE } from './src/tenantModules.ts';

type BrowserSplit = TenantConfigModule.BrowserSplit;

const RESOLVED_ID = `\0${TENANT_MODULE}`;
const RESOLVED_PAGES_ID = `\0${TENANT_PAGES_MODULE}`;
/** The bundled colleges' folders: an edit to one reloads it in the dev server. */
const COLLEGE_FOLDERS = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../tenant-config/colleges',
);

/** Shorter data that repeats is written where it is used (sharing it makes gzip do worse). */
const MIN_SHARED_LENGTH = 100;

/** An export of a module the generated code may import: the module and the export's name. */
interface Source {
  from: string;
  name: string;
}

/** A college split for the browser, and where pieces of it already exist as exports. */
interface Generated {
  split: BrowserSplit;
  /** By its JSON: a value form-model exports (an option list). */
  sources: ReadonlyMap<string, Source>;
}

/**
 * Loads and checks the bundled college `tenantId` from its folder (TenantConfigError listing
 * every problem), splits it for the browser (tenant-config's `browserSplit`), and finds which
 * pieces of it form-model already exports.
 */
async function generate(tenantId: string): Promise<Generated> {
  // tenant-config and form-model are TypeScript: Vite's module runner imports them, fresh.
  const options = { configFile: false as const, logLevel: 'error' as const };
  const [{ module: tenantConfig }, { module: collegeFolders }] = await Promise.all([
    runnerImport<typeof TenantConfigModule>('@admit/tenant-config', options),
    runnerImport<typeof TenantConfigNode>('@admit/tenant-config/node', options),
  ]);
  // Throws TenantConfigError listing every problem: the dev server or the tests stop.
  const split = tenantConfig.browserSplit(collegeFolders.loadTenant(tenantId));

  const sources = new Map<string, Source>();
  const offer = (from: string, exports: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(exports)) {
      if (value === null || typeof value !== 'object') continue;
      const json = JSON.stringify(value);
      if (json.length >= MIN_SHARED_LENGTH && !sources.has(json)) sources.set(json, { from, name });
    }
  };
  // The option lists a college names from form-model.
  offer(
    '@admit/form-model',
    (await runnerImport<Record<string, unknown>>('@admit/form-model', options)).module,
  );
  return { split, sources };
}

/** A property name as JavaScript writes it: bare when it can be. */
function propertyName(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

/**
 * Writes plain data (configs are plain data, STYLE: forms are data) as a module's JavaScript.
 * A piece that form-model exports is imported from there (an option list, option lists
 * joined); the rest is written as data, what repeats in it written once.
 */
class DataWriter {
  readonly #counts = new Map<string, number>();
  readonly #shared = new Map<string, string>();
  readonly #declarations: string[] = [];
  /** Module → its export → the local name. */
  readonly #imports = new Map<string, Map<string, string>>();
  /** Exported lists of two or more items, longest first, with each item's JSON. */
  readonly #lists: readonly { source: Source; items: readonly string[] }[];

  constructor(
    values: readonly unknown[],
    private readonly sources: ReadonlyMap<string, Source>,
  ) {
    this.#lists = [...sources]
      .flatMap(([json, source]) => {
        const parsed: unknown = JSON.parse(json);
        return Array.isArray(parsed) && parsed.length > 1
          ? [{ source, items: parsed.map((item) => JSON.stringify(item)) }]
          : [];
      })
      .sort((a, b) => b.items.length - a.items.length);
    const count = (value: unknown): void => {
      if (value === null || typeof value !== 'object') return;
      const json = JSON.stringify(value);
      this.#counts.set(json, (this.#counts.get(json) ?? 0) + 1);
      for (const inner of Object.values(value)) count(inner);
    };
    for (const value of values) count(value);
  }

  /** The local name of an imported export. */
  #imported({ from, name }: Source): string {
    const names = this.#imports.get(from) ?? new Map<string, string>();
    this.#imports.set(from, names);
    const local = names.get(name) ?? `source${String(this.#imports.size)}_${name}`;
    names.set(name, local);
    return local;
  }

  /** The value as an expression, importing or sharing what it can. */
  expression(value: unknown): string {
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    const json = JSON.stringify(value);
    const source = this.sources.get(json);
    if (source !== undefined) return this.#imported(source);
    const named = this.#shared.get(json);
    if (named !== undefined) return named;
    const body = Array.isArray(value)
      ? `[${this.#items(value).join(',')}]`
      : `{${Object.entries(value)
          .filter(([, inner]) => inner !== undefined)
          .map(([key, inner]) => `${propertyName(key)}:${this.expression(inner)}`)
          .join(',')}}`;
    if ((this.#counts.get(json) ?? 0) < 2 || json.length < MIN_SHARED_LENGTH) return body;
    const name = `shared${String(this.#shared.size)}`;
    this.#shared.set(json, name);
    this.#declarations.push(`const ${name} = ${body};`);
    return name;
  }

  /** An array's items, a run of them that is an exported list spread from it. */
  #items(array: readonly unknown[]): string[] {
    const items: string[] = [];
    let index = 0;
    while (index < array.length) {
      const start = index;
      const list = this.#lists.find(
        ({ items: listed }) =>
          start + listed.length <= array.length &&
          listed.every((json, offset) => json === JSON.stringify(array[start + offset])),
      );
      if (list === undefined) {
        items.push(this.expression(array[index]));
        index += 1;
      } else {
        items.push(`...${this.#imported(list.source)}`);
        index += list.items.length;
      }
    }
    return items;
  }

  /** The imports and shared declarations the expressions written so far need. */
  preamble(): string {
    const imports = [...this.#imports].map(
      ([from, names]) =>
        `import { ${[...names].map(([name, local]) => `${name} as ${local}`).join(', ')} } from ${JSON.stringify(from)};`,
    );
    return [...imports, ...this.#declarations].join('\n');
  }
}

/**
 * The production build's college (one build serves any college): `virtual:admit-tenant` is `src/collegeOnPage.ts`,
 * which reads the college the server writes into each page when it starts. One build serves
 * any college; nothing of a college is in the bundle.
 */
export function admitTenantFromPage(): Plugin {
  const onPage = resolve(fileURLToPath(new URL('.', import.meta.url)), 'src/collegeOnPage.ts');
  return {
    name: 'admit:tenant-from-page',
    enforce: 'pre',
    resolveId: (source) => (source === TENANT_MODULE ? onPage : undefined),
  };
}

/**
 * The dev server's and the component tests' college, as the module `virtual:admit-tenant`
 * (`export const tenant`, a `BrowserTenant`), made from the bundled college's folder.
 *
 * The college is checked here, when the dev server or the tests start (SPEC §5's
 * configuration error, loud and before any applicant's click). The module holds the college's
 * settings, steps and default page (tenant-config's `browserSplit`); its other pages are a
 * second module, `virtual:admit-tenant/pages`, which `loadPages` imports, as the production
 * build's pages file is fetched. An edit to a college's folder reloads the dev server's page.
 */
export function admitTenant(tenantId: string): Plugin {
  let generated: Generated | undefined;
  return {
    name: 'admit:tenant',
    async buildStart() {
      generated = await generate(tenantId);
    },
    resolveId: (source) =>
      source === TENANT_MODULE
        ? RESOLVED_ID
        : source === TENANT_PAGES_MODULE
          ? RESOLVED_PAGES_ID
          : undefined,
    load(id) {
      if (generated === undefined) return undefined;
      const { split, sources } = generated;
      if (id === RESOLVED_ID) {
        const { steps, defaultPage, ...settings } = split.firstLoad;
        const writer = new DataWriter([settings, steps, defaultPage], sources);
        const tenant = `{ ...${writer.expression(settings)}, steps: ${writer.expression(steps)}, defaultPage: ${writer.expression(defaultPage)}, loadPages }`;
        return `${writer.preamble()}

export const tenant = ${tenant};

function loadPages() {
  return import(${JSON.stringify(TENANT_PAGES_MODULE)}).then((module) => module.pages);
}`;
      }
      if (id === RESOLVED_PAGES_ID) {
        const writer = new DataWriter(split.otherPages, sources);
        // Every page in step order, the default page as the first download has it (the same
        // object, not a copy).
        const pages = split.otherPages.map((page) => writer.expression(page));
        pages.splice(split.defaultPageIndex, 0, 'tenant.defaultPage');
        return `import { tenant } from ${JSON.stringify(TENANT_MODULE)};
${writer.preamble()}

export const pages = [${pages.join(', ')}];`;
      }
      return undefined;
    },
    // The dev server: an edited college is checked and split again, and the page reloads.
    async handleHotUpdate({ file, server }) {
      if (!file.startsWith(COLLEGE_FOLDERS)) return undefined;
      generated = await generate(tenantId);
      for (const id of [RESOLVED_ID, RESOLVED_PAGES_ID]) {
        const module = server.moduleGraph.getModuleById(id);
        if (module !== undefined) server.moduleGraph.invalidateModule(module);
      }
      server.ws.send({ type: 'full-reload' });
      return undefined;
    },
  };
}
