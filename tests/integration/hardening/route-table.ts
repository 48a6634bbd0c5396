import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import routes from "~/routes";

/** The shop's route table, flattened, with what each module can answer. */

export interface FlatRoute {
  /** "/api/orders/:id/cancel", "/" for the index. */
  path: string;
  file: string;
  hasAction: boolean;
  hasLoader: boolean;
}

interface Entry {
  path?: string;
  index?: boolean;
  file: string;
  children?: Entry[];
}

const appDir = path.resolve(import.meta.dirname, "../../../app");

function exportsOf(file: string): { hasAction: boolean; hasLoader: boolean } {
  let source = "";
  try {
    source = readFileSync(path.join(appDir, file), "utf8");
  } catch {
    // A route whose module is still being written: fuzz it anyway (it must not answer 5xx).
    return { hasAction: true, hasLoader: true };
  }
  return {
    hasAction:
      /export\s+(async\s+)?function\s+action\b|export\s+(const|let)\s+action\b|export\s*\{[^}]*\baction\b/.test(source),
    hasLoader:
      /export\s+(async\s+)?function\s+loader\b|export\s+(const|let)\s+loader\b|export\s*\{[^}]*\bloader\b/.test(source),
  };
}

export function flatRoutes(): FlatRoute[] {
  const out: FlatRoute[] = [];
  const walk = (entries: readonly Entry[], prefix: string) => {
    for (const entry of entries) {
      const joined = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix || "/";
      out.push({ path: joined || "/", file: entry.file, ...exportsOf(entry.file) });
      if (entry.children) walk(entry.children, entry.path ? joined : prefix);
    }
  };
  walk(routes as unknown as Entry[], "");
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * Every form field and JSON key the shop's code names (form inputs, zod objects, form reads),
 * and every `intent` value: so a new field or form is fuzzed without editing this list.
 */
export function knownFields(): { fields: string[]; intents: string[] } {
  const fields = new Set<string>();
  const intents = new Set<string>();
  for (const file of [...sourceFiles(path.join(appDir, "routes")), ...sourceFiles(path.join(appDir, "domain"))]) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/\bname=["{]?["'`]?([A-Za-z_][\w.-]*)["'`]/g)) fields.add(match[1]!);
    for (const match of source.matchAll(/\b([A-Za-z_]\w*)\s*:\s*z\s*\./g)) fields.add(match[1]!);
    // The form pattern (components/forms.tsx) names its inputs through Conform: `fields.email`.
    for (const match of source.matchAll(/\bfields\.([A-Za-z_]\w*)/g)) fields.add(match[1]!);
    for (const match of source.matchAll(/\.get(?:All)?\(\s*["']([A-Za-z_][\w.-]*)["']\s*\)/g)) fields.add(match[1]!);
    for (const match of source.matchAll(/form(?:Text|Number|Value|Values)?\(\s*\w+\s*,\s*["']([A-Za-z_][\w.-]*)["']/g))
      fields.add(match[1]!);
    for (const match of source.matchAll(/intent\s*===\s*["']([\w-]+)["']|name="intent"\s+value="([\w-]+)"/g))
      intents.add((match[1] ?? match[2])!);
  }
  return { fields: [...fields].sort(), intents: [...intents].sort() };
}
