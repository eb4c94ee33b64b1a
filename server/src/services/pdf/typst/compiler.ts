/**
 * The process's Typst compiler, with every font of fonts.ts loaded: the application PDF
 * (render.ts) and the converter's pages (services/convert.ts, in its own process) are typeset
 * by it. It imports nothing of the print model, so that the conversion process's bundle needs
 * no workspace package.
 */
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';

import { fontBlobs } from './fonts.ts';

/**
 * The compiler's root: a folder that does not exist, so that a template reads nothing from the
 * server's disk; what it reads (a document, an image) is put there in memory for one render.
 */
export const TYPST_WORKSPACE = '/admit-typst-pdf';

let compiling: Promise<NodeCompiler> | undefined;

/** The process's compiler, with every font loaded (the first call reads and parses them). */
export function typstCompiler(): Promise<NodeCompiler> {
  compiling ??= fontBlobs().then((blobs) =>
    NodeCompiler.create({ workspace: TYPST_WORKSPACE, fontArgs: [{ fontBlobs: blobs }] }),
  );
  return compiling;
}
