// Development and tests run the server from TypeScript sources: the worker registers tsx, then loads its
// entry. A compiled build starts the entry (.js) directly, without this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
