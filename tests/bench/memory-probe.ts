/**
 * Preloaded into a bench server process (NODE_OPTIONS="--import tsx --import <this file>"), never
 * part of the app: on SIGUSR2 it collects the garbage and prints one line
 * `MEMORY_PROBE {"rss":…,"heapUsed":…,"external":…}`, so the bench reads a server's memory from
 * outside without the app serving any figures. SIGUSR1 is Node's inspector, hence USR2.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

// Garbage collected before each reading: a reading of live memory, not of when the collector last ran.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

process.on('SIGUSR2', () => {
  gc();
  gc();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.stdout.write(`MEMORY_PROBE ${JSON.stringify({ rss, heapUsed, external })}\n`);
});
