// Timing of benchmark steps on a shared machine: wall time, this process's CPU time, and the CPU time
// of the PostgreSQL backends serving the benchmark's database (PGlite runs inside this process).
import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU seconds used so far by the PostgreSQL server processes serving `database` (its backends), read
 * from /proc: the machine is shared, so wall time alone says more about the neighbours than about
 * the import. Null when the server is not on this machine or /proc cannot be read.
 */
export function postgresBackendCpuSeconds(database: string): number | null {
  const ticksPerSecond = 100; // USER_HZ on Linux
  let total = 0;
  let found = false;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
        if (!command.startsWith('postgres: ') || !command.includes(` ${database} `)) continue;
        // Fields after the command name in parentheses: utime and stime are the 12th and 13th.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        total += Number(fields[11]) + Number(fields[12]);
        found = true;
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return null;
  }
  return found ? total / ticksPerSecond : null;
}

/** Wall time, this process's CPU time and the database server's, of one step. */
export async function timed<T>(databaseName: string | null, step: () => Promise<T>) {
  const cpu0 = process.cpuUsage();
  const db0 = databaseName ? postgresBackendCpuSeconds(databaseName) : null;
  const started = performance.now();
  const result = await step();
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const db1 = databaseName ? postgresBackendCpuSeconds(databaseName) : null;
  const nodeCpu = (cpu.user + cpu.system) / 1e6;
  const serverCpu = db0 !== null && db1 !== null ? db1 - db0 : null;
  const text =
    `${wall.toFixed(1)} s wall, CPU ${nodeCpu.toFixed(1)} s in this process` +
    (databaseName
      ? serverCpu === null
        ? ' (the PostgreSQL server is not on this machine: its CPU is not counted)'
        : ` + ${serverCpu.toFixed(1)} s in PostgreSQL = ${(nodeCpu + serverCpu).toFixed(1)} s`
      : ' (PGlite runs in this process: its CPU is included)');
  return { result, text, wall, cpu: nodeCpu + (serverCpu ?? 0) };
}
