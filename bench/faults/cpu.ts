/**
 * Where the CPU went: every 500 ms, the CPU time of the bench's own processes (read from /proc) and of the
 * whole machine, so a slow recovery can be told apart from a machine busy with other work.
 */
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime (ms) and the parent pid of a process, or null if it is gone. */
function stat(pid: number): { cpu: number; ppid: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return { cpu: (Number(fields[11]) + Number(fields[12])) * TICK_MS, ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** Busy and total jiffies of the whole machine. */
function machine(): { busy: number; total: number } {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const numbers = values.map(Number);
  const idle = numbers[3] + (numbers[4] ?? 0);
  const total = numbers.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

export interface Sample {
  at: number;
  /** Cumulative CPU ms per name. */
  cpu: Record<string, number>;
  machineBusy: number;
  machineTotal: number;
}

/**
 * Samples the groups `groups()` names (a group: its pids; a pid's children are counted with it when `children`
 * names it, as PostgreSQL's backends with their postmaster).
 */
export function startCpuSampler(groups: () => Record<string, { pids: number[]; children?: boolean }>) {
  const samples: Sample[] = [];
  /** CPU of processes that have ended, kept so a group's total never goes down. */
  const seen = new Map<number, { group: string; cpu: number }>();
  const sample = () => {
    const byParent = new Map<number, number[]>();
    const wantChildren = Object.values(groups()).some((g) => g.children);
    if (wantChildren) {
      for (const entry of readdirSync("/proc")) {
        if (!/^\d+$/.test(entry)) continue;
        const s = stat(Number(entry));
        if (s) byParent.set(s.ppid, [...(byParent.get(s.ppid) ?? []), Number(entry)]);
      }
    }
    for (const [group, { pids, children }] of Object.entries(groups())) {
      const all = children ? pids.flatMap((pid) => [pid, ...(byParent.get(pid) ?? [])]) : pids;
      for (const pid of all) {
        const s = stat(pid);
        if (s) seen.set(pid, { group, cpu: s.cpu });
      }
    }
    const cpu: Record<string, number> = {};
    for (const { group, cpu: ms } of seen.values()) cpu[group] = (cpu[group] ?? 0) + ms;
    const m = machine();
    samples.push({ at: Date.now(), cpu, machineBusy: m.busy, machineTotal: m.total });
  };
  sample();
  const timer = setInterval(sample, 500);
  timer.unref();
  const at = (t: number) => samples.reduce((best, s) => (Math.abs(s.at - t) < Math.abs(best.at - t) ? s : best));
  return {
    stop: () => clearInterval(timer),
    /** Each group's share of one core (%) between two times, and the machine's busy share of all its cores. */
    between(from: number, to: number) {
      const a = at(from);
      const b = at(to);
      const seconds = Math.max(0.001, (b.at - a.at) / 1000);
      const groups: Record<string, number> = {};
      for (const name of Object.keys(b.cpu)) groups[name] = ((b.cpu[name] - (a.cpu[name] ?? 0)) / 1000 / seconds) * 100;
      const machineBusy = ((b.machineBusy - a.machineBusy) / Math.max(1, b.machineTotal - a.machineTotal)) * 100;
      return { groups, machineBusy, cores: availableParallelism() };
    },
  };
}
