// @admit/tenant-config/node: colleges read from folders on disk, for Node only (the server, the
// staff CLI, benches, tests). The browser's entries never import node:fs (lint refuses it).
export {
  BUNDLED_COLLEGES_DIR,
  bundledCollegeIds,
  collegeIdOf,
  loadChosenTenant,
  loadCollegeDir,
  loadTenant,
  readCollegeFiles,
  SCHEMA_DIR,
  type TenantChoice,
} from './load.ts';
export {
  newCollege,
  SCHEMA_COPY,
  schemaCopyStale,
  schemaPathFor,
  writeCollegeSchemas,
} from './copy.ts';
export { writeLocaleDraft, type WrittenLocale } from './locale.ts';
export {
  type Catalogues,
  loadCatalogues,
  type Messages,
  PSEUDO_LANGUAGE,
  pseudoCollegeText,
  pseudoMessages,
  pseudoText,
} from './catalogues.ts';
