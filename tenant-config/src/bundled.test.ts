import { describe, expect, it } from 'vitest';

import { example, gallatin, tenants } from './bundled.ts';
import { bundledCollegeIds, loadTenant } from './node/index.ts';

describe('@admit/tenant-config/bundled: the bundled colleges for code Vite builds', () => {
  it('holds every bundled college, each as the Node loader reads it from disk', () => {
    expect(Object.keys(tenants).sort()).toEqual(bundledCollegeIds().sort());
    for (const id of bundledCollegeIds()) expect(tenants[id]).toEqual(loadTenant(id));
    expect(gallatin).toBe(tenants.gallatin);
    expect(example).toBe(tenants.example);
  });
});
