// Types of cpu.mjs, for the test that checks it (test/bench-cpu.test.ts).
export interface ProcessInfo {
  pid: number;
  ppid: number;
  name: string;
  ticks: number;
}
export interface CpuSnapshot {
  at: number;
  ticks: Map<number, { group: string; ticks: number }>;
}
export function cpuAccounting(): boolean;
export function cpuSnapshot(group: (p: ProcessInfo, all: Map<number, ProcessInfo>) => string | undefined): CpuSnapshot;
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): { seconds: Record<string, number>; wall: number };
export function descendsFrom(pid: number, root: number, all: Map<number, ProcessInfo>): boolean;
