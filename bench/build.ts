// Builds the shop from a private copy of the work tree, and the framework floor. The copy keeps
// a benchmark run away from ./build, which `npm start` and the end-to-end tests rebuild at will,
// and keeps edits made during a run out of the measured build.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { compressAssets } from "../scripts/compress-assets";
import { benchDir, projectRoot, workDir } from "./config";

export const shopCopyDir = path.join(workDir, "shop");
export const floorBuildDir = path.join(workDir, "floor-build");

/** Files of the work tree as git sees them (tracked and new, not ignored). */
function workTreeFiles(): string[] {
  try {
    const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: projectRoot,
      encoding: "utf8",
      maxBuffer: 64 << 20,
    });
    return out.split("\0").filter((file) => file && existsSync(path.join(projectRoot, file)));
  } catch {
    // Not a git checkout: the folders a build reads.
    return [
      "app",
      "public",
      "server",
      "prisma",
      // The query probe counts statements as the tests do (tests/support/statement-count.ts).
      "tests/support",
      "package.json",
      "vite.config.ts",
      "react-router.config.ts",
      "tsconfig.json",
      "prisma.config.ts",
    ].filter((file) => existsSync(path.join(projectRoot, file)));
  }
}

function run(command: string, args: string[], cwd: string, what: string) {
  const result = spawnSync(command, args, {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${what} failed (exit ${result.status})`);
  }
}

export function buildShop(): string {
  rmSync(shopCopyDir, { recursive: true, force: true });
  mkdirSync(shopCopyDir, { recursive: true });
  for (const file of workTreeFiles()) {
    const target = path.join(shopCopyDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(path.join(projectRoot, file), target);
  }
  // The generated Prisma client is ignored by git but part of the app.
  cpSync(path.join(projectRoot, "app", "data", "generated"), path.join(shopCopyDir, "app", "data", "generated"), {
    recursive: true,
  });
  symlinkSync(path.join(projectRoot, "node_modules"), path.join(shopCopyDir, "node_modules"), "dir");
  // Tailwind finds its classes in every file git would track: without a repository it would
  // ignore .gitignore and crawl much more (and take minutes).
  run("git", ["init", "-q", "."], shopCopyDir, "git init (copy)");
  run("npm", ["run", "--silent", "build"], shopCopyDir, "npm run build (shop)");
  return shopCopyDir;
}

export async function buildFloor(): Promise<string> {
  rmSync(floorBuildDir, { recursive: true, force: true });
  run(
    path.join(projectRoot, "node_modules", ".bin", "react-router"),
    ["build", path.join(benchDir, "floor")],
    projectRoot,
    "react-router build (floor)",
  );
  // Served as the shop's are: compressed ahead (npm run build does the same for the shop).
  await compressAssets(path.join(floorBuildDir, "client", "assets"));
  return floorBuildDir;
}
