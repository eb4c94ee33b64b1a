/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) and says where the main thread spent its time:
 * by package (node_modules/<name>, Node's internals, our bundle, GC) and by function.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: an npm package, Node itself, our bundle, or V8's own work. */
function owner(url: string, name: string): string {
  if (url === '') return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg !== undefined) return pkg;
  if (url.startsWith('node:')) return 'node (built-ins)';
  if (url.includes('server/dist/')) return 'admit server (bundle)';
  return url;
}

function top(totals: Map<string, number>, all: number, count: number): string[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, us]) =>
        `  ${((100 * us) / all).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    );
}

/** A short text summary of a profile: the busiest packages and functions (self time). */
export function summariseCpuProfile(path: string, count = 20): string {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (node === undefined) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    busy += us;
    const where = owner(url, functionName);
    byOwner.set(where, (byOwner.get(where) ?? 0) + us);
    const file =
      url === ''
        ? ''
        : ` ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(server\/dist\/)/, '$1')}:${lineNumber + 1}`;
    const key = `${functionName === '' ? '(anonymous)' : functionName}${file}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  return [
    `busy (not idle) main-thread time: ${(busy / 1000).toFixed(0)} ms`,
    'self time by package:',
    ...top(byOwner, busy, count),
    'self time by function:',
    ...top(byFunction, busy, count),
  ].join('\n');
}
