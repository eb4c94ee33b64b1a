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

/** Loads and checks the bundled college `tenantId` from its folder, split for the browser. */
async function generate(tenantId: string): Promise<BrowserSplit> {
  // tenant-config is TypeScript: Vite's module runner imports it, fresh, each time.
  const options = { configFile: false as const, logLevel: 'error' as const };
  const [{ module: tenantConfig }, { module: collegeFolders }] = await Promise.all([
    runnerImport<typeof TenantConfigModule>('@admit/tenant-config', options),
    runnerImport<typeof TenantConfigNode>('@admit/tenant-config/node', options),
  ]);
  // Throws TenantConfigError listing every problem: the dev server or the tests stop.
  return tenantConfig.browserSplit(collegeFolders.loadTenant(tenantId));
}

/**
 * The production build's college: `virtual:admit-tenant` is `src/collegeOnPage.ts`, which reads
 * the college the server writes into each page when it starts. One build serves any college;
 * nothing of a college is in the bundle.
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
  let generated: BrowserSplit | undefined;
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
      const { firstLoad, otherPages, defaultPageIndex } = generated;
      // Plain data (configs are plain data, STYLE) is valid JavaScript as JSON writes it.
      if (id === RESOLVED_ID)
        return `export const tenant = { ...${JSON.stringify(firstLoad)}, loadPages };

function loadPages() {
  return import(${JSON.stringify(TENANT_PAGES_MODULE)}).then((module) => module.pages);
}`;
      if (id === RESOLVED_PAGES_ID)
        // Every page in step order, the default page the very object the first module holds.
        return `import { joinPages } from '@admit/tenant-config';
import { tenant } from ${JSON.stringify(TENANT_MODULE)};

export const pages = joinPages({ firstLoad: tenant, otherPages: ${JSON.stringify(otherPages)}, defaultPageIndex: ${String(defaultPageIndex)} });`;
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
