/**
 * Vite's manifest (`build.manifest`, vite.config.ts): which chunks a page loads. The prerender
 * (prerender.ts) preloads each page's own chunks with it; bench/bundle counts the first load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of the manifest. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The manifest of the build in `distDir`. */
export function readManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path))
    throw new Error(`${path} is missing: build with build.manifest (form-app/vite.config.ts)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The app's one entry chunk (index.html's script), by its key. */
function entryChunk(manifest: Manifest): [string, ManifestChunk] {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry === true);
  const [entry, ...others] = entries;
  if (entry === undefined || others.length > 0)
    throw new Error(`the manifest has ${String(entries.length)} entry chunks, not one`);
  return entry;
}

/**
 * Adds to `seen` (chunk key → file) the chunk `key` and every chunk it imports statically, in
 * the order met.
 */
function withStaticImports(manifest: Manifest, key: string, seen: Map<string, string>): void {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`the manifest has no chunk "${key}"`);
  seen.set(key, chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, seen);
}

/** The entry chunk and every chunk reachable from it by static imports, entry first. */
export function firstLoadChunks(manifest: Manifest): string[] {
  const seen = new Map<string, string>();
  withStaticImports(manifest, entryChunk(manifest)[0], seen);
  return [...seen.values()];
}

/**
 * The chunk files a page's `modules` (routes/router.tsx's `routeModules`) need beyond the first
 * load (index.html's own tags preload those): each module's chunk, then the chunks it imports.
 * A module that is none of the chunks the entry imports on demand (a name gone stale in the
 * router) is an error: it stops the build.
 */
export function preloadedChunks(manifest: Manifest, modules: readonly string[]): string[] {
  const [entryKey, entry] = entryChunk(manifest);
  const seen = new Map<string, string>();
  withStaticImports(manifest, entryKey, seen);
  const firstLoad = seen.size;
  for (const module of modules) {
    const keys = (entry.dynamicImports ?? []).filter(
      (key) => key === module || key.endsWith(`/${module}`),
    );
    if (keys.length !== 1 || keys[0] === undefined)
      throw new Error(
        `prerender: "${module}" (routes/router.tsx) is not one chunk the app's entry imports`,
      );
    withStaticImports(manifest, keys[0], seen);
  }
  // A Map keeps the order keys were added: the first load's come first.
  return [...seen.values()].slice(firstLoad);
}
