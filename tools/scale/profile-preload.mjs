/**
 * A portal's CPU profile over a chosen stretch, for bench:scale:
 * `BENCH_PORTAL_NODE_OPTIONS="--import ./tools/scale/profile-preload.mjs" CPU_PROFILE_DIR=/tmp/prof`.
 * Node refuses `--cpu-prof` in NODE_OPTIONS, and a profile from start-up would mostly show the setup;
 * so the first SIGUSR2 starts the profiler (sampling every 200 µs) and the next one writes
 * `<CPU_PROFILE_DIR>/<pid>-<n>.cpuprofile`, which Chrome's DevTools open.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const dir = process.env.CPU_PROFILE_DIR ?? '.';
const session = new Session();
session.connect();
let profiling = false;
let written = 0;

process.on('SIGUSR2', () => {
  if (!profiling) {
    profiling = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')),
    );
    return;
  }
  session.post('Profiler.stop', (error, result) => {
    profiling = false;
    if (!error)
      writeFileSync(`${dir}/${process.pid}-${written++}.cpuprofile`, JSON.stringify(result.profile));
  });
});
