/**
 * The server as `npm start` runs it, plus a probe for bench/faults.ts over IPC: the worst event-loop
 * stall (perf_hooks, 10 ms resolution) and the peak RSS since the last reset.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../server/app';

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let peakRss = process.memoryUsage.rss();
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 25).unref();

process.on('message', (message: { cmd: string }) => {
  if (message.cmd === 'reset') {
    loop.reset();
    peakRss = process.memoryUsage.rss();
    process.send?.({ cmd: 'reset' });
  } else if (message.cmd === 'read') {
    process.send?.({
      cmd: 'read',
      maxStallMs: loop.max / 1e6,
      peakRssMb: peakRss / 2 ** 20,
      rssMb: process.memoryUsage.rss() / 2 ** 20,
    });
  }
});

// With a CPU profile (or FAULTS_STALL_LOG set), each stall over 60 ms is written out with its end on the profile's clock
// (monotonic µs), to find the functions behind it; so are garbage collections over 30 ms and PGlite statements over
// 40 ms (with their SQL).
if (process.env.FAULTS_STALL_LOG) {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration > 30)
        process.stderr.write(
          `gc ${e.duration.toFixed(0)} ms kind ${(e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind} at ${(e.startTime / 1000).toFixed(1)} s heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB\n`,
        );
  }).observe({ entryTypes: ['gc'] });
  // Each PGlite statement over 40 ms, with the text of the last Parse or Query message before it: the
  // server's wrapper (db/client.ts) binds the prototype's method when it opens the database.
  const exec = PGlite.prototype.execProtocolRaw;
  const decoder = new TextDecoder();
  let lastSql = '';
  PGlite.prototype.execProtocolRaw = async function (this: PGlite, message, options) {
    // Only Parse ('P') and simple Query ('Q') messages carry SQL: the others are decoded only when slow.
    if (message[0] === 0x50 || message[0] === 0x51) lastSql = decoder.decode(message);
    const t0 = performance.now();
    const result = await exec.call(this, message, options);
    const ms = performance.now() - t0;
    if (ms > 40) {
      const head = decoder.decode(message.subarray(0, 40));
      process.stderr.write(
        `sql ${ms.toFixed(0)} ms at ${(performance.now() / 1000).toFixed(1)} s: ${`${head} | ${lastSql}`.replace(/[^\x20-\x7e]+/g, ' ').slice(0, 200)}\n`,
      );
    }
    return result;
  };
  let last = process.hrtime.bigint();
  setInterval(() => {
    const now = process.hrtime.bigint();
    const gapMs = Number(now - last) / 1e6;
    if (gapMs > 60)
      process.stderr.write(
        `stall ${gapMs.toFixed(0)} ms ending at ${now / 1000n} µs (${(performance.now() / 1000).toFixed(1)} s)\n`,
      );
    last = now;
  }, 10).unref();
}

const app = await buildApp();
process.on('SIGTERM', () => {
  setTimeout(() => process.exit(1), 8000).unref();
  void app.close().then(() => process.exit(0));
});
await app.listen({ port: app.config.port, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({
  cmd: 'ready',
  port: typeof address === 'object' && address ? address.port : app.config.port,
});
