// Child processes of a run (the shop, the floor, the query probe): started on 127.0.0.1,
// waited for, and always stopped, also when the run fails.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { projectRoot } from "./config";

export interface RunningServer {
  name: string;
  origin: string;
  process: ChildProcess;
  output: string[];
  stop(): Promise<void>;
}

const running = new Set<RunningServer>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/**
 * Starts a server. `compiled`: plain Node on built JavaScript with the heap cap of `npm run serve`
 * (production: no TypeScript transpiler, no wrapper process); otherwise tsx runs the script.
 */
export async function startServer(options: {
  name: string;
  script: string;
  cwd: string;
  port: number;
  env: Record<string, string>;
  readyPath: string;
  compiled?: boolean;
}): Promise<RunningServer> {
  const tsx = path.join(projectRoot, "node_modules", ".bin", "tsx");
  const [command, args] = options.compiled
    ? [process.execPath, ["--max-old-space-size=160", "--max-semi-space-size=16", options.script]]
    : [tsx, [options.script]];
  // The compiled shop starts as `npm run serve` starts it: the same flags, the same allocator setting.
  const production = options.compiled
    ? { MALLOC_ARENA_MAX: "2", MALLOC_TRIM_THRESHOLD_: "1048576", MALLOC_MMAP_THRESHOLD_: "131072" }
    : {};
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      ...production,
      ...options.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: tsx runs the server in a child process, and both must stop.
    detached: true,
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const origin = `http://127.0.0.1:${options.port}`;
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping)
      console.error(
        `${options.name} stopped unexpectedly (exit ${code}, signal ${signal}); its last output:\n${output.join("").slice(-4000)}`,
      );
  });
  const server: RunningServer = {
    name: options.name,
    origin,
    process: child,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        running.delete(server);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => signalGroup(child, "SIGKILL"), 5000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        signalGroup(child, "SIGTERM");
      }),
  };
  running.add(server);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited with ${child.exitCode}:\n${output.join("")}`);
    try {
      const response = await fetch(origin + options.readyPath, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await server.stop();
  throw new Error(`${options.name} did not answer ${options.readyPath} within 90 s:\n${output.join("")}`);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

// On our own exit (also a failed run), nothing is left behind.
process.on("exit", () => {
  for (const server of running) signalGroup(server.process, "SIGKILL");
});
