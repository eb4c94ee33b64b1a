#!/usr/bin/env node
// The one run command (README): installs what is missing, builds (unless the build is newer
// than its sources), and starts Admit on its embedded defaults (PostgreSQL under ./data, local
// files, the console/dev mailbox). A server is run from the release instead
// (docs/operations/install.md): `npm run release`, and no build where it runs.
//
// With TENANT_DIR (a college's folder, docs/colleges.md), editing is seeing: a saved
// change to the folder restarts the server on it, so the next page load shows it; a folder with
// problems stops the server, and until the next change the address answers with the problems
// the server listed, which the log shows too.
import { spawn } from 'node:child_process';
import { readdirSync, watch } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';

import { buildAll, buildIsCurrent } from './build.mjs';
import { ensureDependencies, root } from './ensure.mjs';

/** main.js's exit status for a configuration it refuses (a broken college among them). */
const CONFIG_REFUSED = 78;
/** Saves come in bursts (an editor writes a file, then renames it): one restart per burst. */
const SETTLE_MS = 300;

ensureDependencies();
// A start after an unchanged checkout skips the build; any change to the sources rebuilds.
if (buildIsCurrent()) console.log('▶ the build is newer than its sources: starting it');
else await buildAll();

const collegeDir =
  process.env.TENANT_DIR === undefined ? undefined : resolve(process.env.TENANT_DIR);
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 3000);

let server;
/** What the server last wrote to stderr: the problems, when it refuses the college. */
let errors = '';
let problemPage;
let exiting = false;

function startServer() {
  errors = '';
  server = spawn(process.execPath, ['--enable-source-maps', join(root, 'server/dist/main.js')], {
    cwd: root,
    stdio: ['inherit', 'inherit', 'pipe'],
    env: process.env,
  });
  server.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    errors = (errors + chunk.toString('utf8')).slice(-20_000);
  });
  const started = server;
  started.on('exit', (code, signal) => {
    if (started !== server) return; // stopped for a restart
    server = undefined;
    if (exiting) process.exit(code ?? 0);
    if (collegeDir !== undefined && code === CONFIG_REFUSED) showProblems(errors);
    else process.exit(code ?? (signal ? 1 : 0));
  });
}

/** Stops the server (if one runs) and waits until it has. */
function stopServer() {
  const running = server;
  server = undefined;
  if (running === undefined || running.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    running.once('exit', done);
    running.kill('SIGTERM');
  });
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The server writes JSON lines (pino): a person reads their messages. */
const messagesOf = (text) =>
  text
    .split('\n')
    .map((line) => {
      try {
        const { msg } = JSON.parse(line);
        return typeof msg === 'string' ? msg : line;
      } catch {
        return line;
      }
    })
    .join('\n');

/** Answers every request with the server's problems until the folder changes again. */
function showProblems(raw) {
  const text = messagesOf(raw);
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>The college folder has problems</title></head><body style="font-family: system-ui, sans-serif; margin: 2rem; max-width: 60rem"><h1>The college folder has problems</h1><p>Admit did not start on <code>${escapeHtml(collegeDir ?? '')}</code>. Fix what is listed below and save: this page looks again every 3 seconds and shows the application once the folder is right.</p><pre style="white-space: pre-wrap; background: #f5f5f5; padding: 1rem">${escapeHtml(text.trim())}</pre></body></html>`;
  problemPage = createServer((_request, response) => {
    response.writeHead(503, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '2',
    });
    response.end(body);
  });
  problemPage.listen(port, host);
  console.error(
    `\n${text.trim()}\n\nAdmit: the college folder ${collegeDir} has the problems above; http://${host}:${port} lists them until you save a change.`,
  );
}

async function restart() {
  await stopServer();
  if (problemPage !== undefined) {
    await new Promise((done) => problemPage.close(done));
    problemPage.closeAllConnections?.();
    problemPage = undefined;
  }
  console.log(`\nAdmit: ${collegeDir} changed; restarting on it.`);
  startServer();
}

/**
 * Watches every folder of the college (its own, steps/, options/…), each without `recursive`:
 * a folder's watch sees a file saved in place and a file replaced by a rename (as editors save),
 * where a watch on the file itself would go deaf once its file is replaced. Folders made later
 * are watched from the next change on.
 */
function watchCollege(onChange) {
  let watchers = [];
  const watchAll = () => {
    for (const watcher of watchers) watcher.close();
    const folders = [collegeDir];
    for (const entry of readdirSync(collegeDir, { recursive: true, withFileTypes: true }))
      if (entry.isDirectory()) folders.push(join(entry.parentPath, entry.name));
    watchers = folders.map((folder) => watch(folder, () => onChange(watchAll)));
  };
  watchAll();
}

startServer();
if (collegeDir !== undefined) {
  let timer;
  watchCollege((watchAgain) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      watchAgain();
      void restart();
    }, SETTLE_MS);
  });
  console.log(`Admit: watching ${collegeDir}; a saved change restarts the server on it.`);
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    exiting = true;
    if (server === undefined) process.exit(0);
    server.kill(signal);
  });
