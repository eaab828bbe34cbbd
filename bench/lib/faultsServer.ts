/**
 * The server as `npm start` runs it, plus a probe for bench/faults.ts over IPC: the worst event-loop
 * stall (perf_hooks, 10 ms resolution) and the peak RSS since the last reset.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
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

// With a CPU profile (or FAULTS_STALL_LOG set), each stall over 50 ms is written out with its end on the profile's clock
// (monotonic µs), to find the functions behind it.
if (process.env.FAULTS_STALL_LOG) {
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
