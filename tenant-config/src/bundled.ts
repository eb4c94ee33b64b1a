/// <reference types="vite/client" />
/**
 * The bundled colleges as data, for code built by Vite (Storybook, the app's browser tests,
 * Vitest): `@admit/tenant-config/bundled`. Vite puts the folders' files in the bundle
 * (`import.meta.glob`), and each college is assembled and checked as the Node loader does it
 * (`assembleCollege`). Node code (the server, the CLI, benches) uses `@admit/tenant-config/node`,
 * which reads the same folders from disk.
 */
import { assembleCollege } from './assemble.ts';
import { TenantConfigError } from './problems.ts';
import { type TenantConfig } from './types.ts';

const FILES = import.meta.glob<string>('../colleges/*/**/*.{json,svg}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const FOLDER = /^\.\.\/colleges\/([^/]+)\/(.+)$/;

function assembleBundled(): Record<string, TenantConfig> {
  const folders = new Map<string, Record<string, string>>();
  for (const [path, text] of Object.entries(FILES)) {
    const [, id, file] = FOLDER.exec(path) ?? [];
    if (id === undefined || file === undefined) continue;
    folders.set(id, { ...folders.get(id), [file]: text });
  }
  const colleges: Record<string, TenantConfig> = {};
  for (const [id, files] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    const { config, problems } = assembleCollege(files, { id });
    if (config === undefined) throw new TenantConfigError(id, problems);
    colleges[id] = config;
  }
  return colleges;
}

/** Every bundled college by id (`gallatin`, `example`), each checked. */
export const tenants: Readonly<Record<string, TenantConfig>> = assembleBundled();

function bundled(id: string): TenantConfig {
  const config = tenants[id];
  if (config === undefined) throw new Error(`no bundled college "${id}"`);
  return config;
}

/** Gallatin College, the default college. */
export const gallatin = bundled('gallatin');
/** Riverbend Community College, the second bundled college. */
export const example = bundled('example');
