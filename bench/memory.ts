// Resident memory of a server and every process it started (its process group: the app
// processes of server/cluster.ts), read from /proc, as the kernel counts it (VmRSS).
import { readdirSync, readFileSync } from "node:fs";

export interface MemorySample {
  /** Sum over the group, in MB (10^6 bytes). */
  totalMb: number;
  processes: number;
}

function groupOf(pid: string): number | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid pgrp ...": the command may hold spaces, so read after ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
  } catch {
    return null;
  }
}

function rssKb(pid: string): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((entry) => entry.startsWith("VmRSS:"));
    return line ? Number(line.replace(/\D+/g, "")) : 0;
  } catch {
    return 0;
  }
}

/** The resident memory of process group `group` (a server spawned detached leads its own group). */
export function groupMemory(group: number): MemorySample {
  let kb = 0;
  let processes = 0;
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    if (groupOf(pid) !== group) continue;
    kb += rssKb(pid);
    processes += 1;
  }
  return { totalMb: Math.round((kb * 1024) / 1e6), processes };
}

/** Samples a group's memory every `everyMs` until stopped; returns the highest sample. */
export function watchMemory(group: number, everyMs = 500): { stop(): MemorySample } {
  let highest: MemorySample = groupMemory(group);
  const timer = setInterval(() => {
    const sample = groupMemory(group);
    if (sample.totalMb > highest.totalMb) highest = sample;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const last = groupMemory(group);
      return last.totalMb > highest.totalMb ? last : highest;
    },
  };
}
