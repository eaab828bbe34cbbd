// `npm start`: builds the app and the server when missing or stale (scripts/build.mjs), then runs the
// compiled server in this same process: one process, no TypeScript compiler at run time.
import { pathToFileURL } from 'node:url';
import { ensureBuilt, SERVER_MAIN } from './build.mjs';

await ensureBuilt();
await import(pathToFileURL(SERVER_MAIN).href);
