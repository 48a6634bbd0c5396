import { BoundedCache } from "./bounded-cache";

/**
 * The part of the shop's stylesheet one page uses, for writing into that page's <head>.
 *
 * The whole stylesheet is every utility of every page (about 51 KB, 10 KB compressed); a page uses
 * a third to a half of it. On a slow connection the page paints only once its <head> has arrived,
 * so each page carries only the rules whose classes it has, and every variable, @property and
 * fallback those rules read. The browser with JavaScript then loads the whole file, cached for good
 * (entry.client.tsx), before anything it draws later (a dialog, the next page) needs more.
 *
 * The stylesheet is Tailwind's minified output: its layers, rules and at-rules nest by braces only,
 * so splitting on braces is exact for it; anything this code does not know is kept as it is. It is
 * read once into a tree (which classes each rule needs, which variables it reads); a page then
 * costs one pass over its class attributes and one walk of the tree.
 */

/** A `head{body}` block, or a statement without a body (`@layer components;`). */
interface Block {
  head: string;
  body: string | null;
  text: string;
}

/** Splits CSS into its top-level statements. */
function blocksOf(css: string): Block[] {
  const blocks: Block[] = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (char === "{") {
      if (depth === 0) open = i;
      depth++;
    } else if (char === "}") {
      depth--;
      if (depth === 0) {
        blocks.push({ head: css.slice(start, open), body: css.slice(open + 1, i), text: css.slice(start, i + 1) });
        start = i + 1;
      }
    } else if (char === ";" && depth === 0) {
      blocks.push({ head: css.slice(start, i + 1), body: null, text: css.slice(start, i + 1) });
      start = i + 1;
    }
  }
  if (start < css.length) blocks.push({ head: css.slice(start), body: null, text: css.slice(start) });
  return blocks;
}

/** Custom properties (`--name`) the CSS reads with var(). */
function variablesRead(css: string): string[] {
  return [...css.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]!);
}

/** The classes a selector needs, unescaped (`.hover\:bg-x:hover` needs `hover:bg-x`). */
function classesOfSelector(selector: string): string[] {
  const unquoted = selector.replace(/"[^"]*"|'[^']*'/g, "");
  return [...unquoted.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, "$1"));
}

/**
 * The stylesheet as a tree:
 * - `always`: kept whatever the page (base styles, @font-face, @keyframes);
 * - `rule`: kept when every class of one of its selectors is on the page;
 * - `group`: an @layer, @media or @supports, kept with the children kept, if any (a layer always:
 *   its place fixes the layers' order);
 * - `variables`: a block of custom properties (the theme, Tailwind's fallbacks), each kept when read;
 * - `property`: an @property registration, kept when its variable is read.
 */
type Node =
  | { kind: "always"; text: string; reads: string[] }
  | { kind: "rule"; text: string; needs: string[][]; reads: string[] }
  | { kind: "group"; head: string; children: Node[]; keepEmpty: boolean }
  | { kind: "variables"; head: string; declarations: { name: string | null; text: string; reads: string[] }[] }
  | { kind: "property"; name: string; text: string };

const VARIABLE_LAYERS = new Set(["@layer properties", "@layer theme"]);

function nodesOf(css: string, inVariableLayer = false): Node[] {
  return blocksOf(css).map((block): Node => {
    const { head, body, text } = block;
    if (body === null) return { kind: "always", text, reads: [] };
    if (head.startsWith("@property")) return { kind: "property", name: head.slice("@property".length).trim(), text };
    if (VARIABLE_LAYERS.has(head)) return { kind: "group", head, children: nodesOf(body, true), keepEmpty: true };
    if (/^@(layer|media|supports|container)\b/.test(head))
      return { kind: "group", head, children: nodesOf(body, inVariableLayer), keepEmpty: head.startsWith("@layer") };
    if (head.startsWith("@")) return { kind: "always", text, reads: variablesRead(text) };
    if (inVariableLayer)
      return {
        kind: "variables",
        head,
        declarations: body.split(";").map((declaration) => ({
          name: /^\s*(--[\w-]+)\s*:/.exec(declaration)?.[1] ?? null,
          text: declaration,
          reads: variablesRead(declaration),
        })),
      };
    const needs = head.split(",").map(classesOfSelector);
    return { kind: "rule", text, needs, reads: variablesRead(body) };
  });
}

interface Sheet {
  /** Tailwind's licence comment. */
  comment: string;
  nodes: Node[];
  /**
   * The stylesheets cut lately, by the classes and variables they were cut for: the pages of one
   * screen use much the same classes, so most pages find theirs here and skip the walk.
   */
  cut: BoundedCache<string>;
}

const sheets = new Map<string, Sheet>();

function sheetOf(css: string): Sheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    const comment = /^\/\*![\s\S]*?\*\//.exec(css)?.[0] ?? "";
    sheet = { comment, nodes: nodesOf(css.slice(comment.length)), cut: new BoundedCache(256) };
    sheets.set(css, sheet);
  }
  return sheet;
}

const HTML_ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };

/** Every class named in the page's class attributes. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  // A table's cells, a list's items: most attributes repeat one another; each is read once.
  const seen = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const raw = match[1]!;
    if (seen.has(raw)) continue;
    seen.add(raw);
    const value = raw.includes("&")
      ? raw.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => HTML_ENTITIES[entity]!)
      : raw;
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * Walks the tree for one page: what it keeps goes to `out` in order, the variables and @property
 * nodes as they are (written once every variable read is known); the variables the kept rules read
 * go to `read`. Says whether anything was kept.
 */
function keep(nodes: Node[], classes: Set<string>, read: Set<string>, out: (string | Node)[]): boolean {
  let kept = false;
  for (const node of nodes) {
    if (node.kind === "rule" && !node.needs.some((selector) => selector.every((name) => classes.has(name)))) continue;
    if (node.kind === "always" || node.kind === "rule") {
      out.push(node.text);
      for (const name of node.reads) read.add(name);
      kept = true;
    } else if (node.kind === "group") {
      const mark = out.length;
      out.push(`${node.head}{`);
      if (keep(node.children, classes, read, out) || node.keepEmpty) {
        out.push("}");
        kept = true;
      } else out.length = mark;
    } else {
      out.push(node);
      kept = true;
    }
  }
  return kept;
}

/** Adds to `read` what the read variables read in turn (a theme value naming another). */
function readThrough(nodes: (string | Node)[], read: Set<string>): void {
  const declarations = nodes.flatMap((node) =>
    typeof node !== "string" && node.kind === "variables"
      ? node.declarations.filter((declaration) => declaration.name && declaration.reads.length)
      : [],
  );
  for (let size = -1; size !== read.size; ) {
    size = read.size;
    for (const declaration of declarations)
      if (read.has(declaration.name!)) for (const name of declaration.reads) read.add(name);
  }
}

/**
 * The stylesheet `css` cut to what a page whose HTML is `html` uses: the base styles, fonts and
 * keyframes whole; of the classed rules, those whose classes the page has; of the theme's variables
 * and Tailwind's @property registrations, those the kept CSS reads.
 */
export function stylesheetFor(css: string, html: string): string {
  const sheet = sheetOf(css);
  const classes = classesIn(html);
  // The page's own style attributes may read theme variables too (`style="color:var(--color-lac)"`).
  const variables = variablesRead(html);
  const key = `${[...classes].sort().join(" ")}\n${variables.sort().join(" ")}`;
  let out = sheet.cut.get(key);
  if (out === undefined) {
    out = cutSheet(sheet, classes, new Set(variables));
    sheet.cut.set(key, out);
  }
  return out;
}

function cutSheet({ comment, nodes }: Sheet, classes: Set<string>, read: Set<string>): string {
  const kept: (string | Node)[] = [];
  keep(nodes, classes, read, kept);
  readThrough(kept, read);
  let out = comment;
  for (const piece of kept) {
    if (typeof piece === "string") out += piece;
    else if (piece.kind === "variables") {
      const declarations = piece.declarations.filter(
        (declaration) => declaration.name === null || read.has(declaration.name),
      );
      out += `${piece.head}{${declarations.map((declaration) => declaration.text).join(";")}}`;
    } else if (piece.kind === "property" && read.has(piece.name)) out += piece.text;
  }
  return out;
}
