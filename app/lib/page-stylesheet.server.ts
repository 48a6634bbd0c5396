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
 * so splitting on braces is exact for it; anything this code does not know is kept as it is.
 */

/** One top-level piece of the stylesheet, or one rule inside a layer or an @media. */
interface Block {
  head: string;
  body: string | null;
  text: string;
}

interface Parsed {
  /** Tailwind's licence comment and the top-level pieces, in order. */
  comment: string;
  blocks: Block[];
}

const parsedSheets = new Map<string, Parsed>();

function parse(css: string): Parsed {
  let parsed = parsedSheets.get(css);
  if (!parsed) {
    const comment = /^\/\*![\s\S]*?\*\//.exec(css)?.[0] ?? "";
    parsed = { comment, blocks: blocksOf(css.slice(comment.length)) };
    parsedSheets.set(css, parsed);
  }
  return parsed;
}

/** Splits CSS into its top-level statements: `head{body}` blocks and `@import …;`-like lines. */
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

const HTML_ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };

/** Every class named in the page's class attributes. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => HTML_ENTITIES[entity]!);
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The classes a selector needs, unescaped (`.hover\:bg-x:hover` needs `hover:bg-x`). */
function classesOfSelector(selector: string): string[] {
  const unquoted = selector.replace(/"[^"]*"|'[^']*'/g, "");
  return [...unquoted.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, "$1"));
}

/** A rule applies to the page when one of its selectors needs only classes the page has. */
function applies(selectorList: string, classes: Set<string>): boolean {
  return selectorList.split(",").some((selector) => classesOfSelector(selector).every((name) => classes.has(name)));
}

/** The rules of a layer, @media or @supports body that apply to the page. */
function rulesFor(body: string, classes: Set<string>): string {
  let kept = "";
  for (const block of blocksOf(body)) {
    if (block.body === null) kept += block.text;
    else if (/^@(media|supports|container)\b/.test(block.head)) {
      const inner = rulesFor(block.body, classes);
      if (inner) kept += `${block.head}{${inner}}`;
    } else if (block.head.startsWith("@")) kept += block.text;
    else if (applies(block.head, classes)) kept += block.text;
  }
  return kept;
}

/** Custom properties (`--name`) the CSS reads with var(). */
function variablesRead(css: string): Set<string> {
  return new Set([...css.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]!));
}

/** Declarations of a `selector{--a:…;--b:…}` block, keeping custom properties only when read. */
function declarationsRead(body: string, read: Set<string>): string {
  return body
    .split(";")
    .filter((declaration) => {
      const name = /^\s*(--[\w-]+)\s*:/.exec(declaration)?.[1];
      return name === undefined || read.has(name);
    })
    .join(";");
}

/** Rewrites the theme's and the fallbacks' variable lists to the variables the kept rules read. */
function variablesFor(block: Block, read: Set<string>): string {
  const rules = blocksOf(block.body!).map((rule) => {
    if (rule.body === null) return rule.text;
    if (rule.head.startsWith("@supports")) {
      const inner = blocksOf(rule.body)
        .map((inside) =>
          inside.body === null ? inside.text : `${inside.head}{${declarationsRead(inside.body, read)}}`,
        )
        .join("");
      return `${rule.head}{${inner}}`;
    }
    return `${rule.head}{${declarationsRead(rule.body, read)}}`;
  });
  return `${block.head}{${rules.join("")}}`;
}

const VARIABLE_LAYERS = new Set(["@layer properties", "@layer theme"]);

/**
 * The stylesheet `css` cut to what a page whose HTML is `html` uses: the base styles, fonts and
 * keyframes whole; of the classed rules, those whose classes the page has; of the theme's variables
 * and Tailwind's @property registrations, those the kept CSS reads.
 */
export function stylesheetFor(css: string, html: string): string {
  const { comment, blocks } = parse(css);
  const classes = classesIn(html);
  const kept = blocks.map((block) => {
    if (block.body === null || VARIABLE_LAYERS.has(block.head) || block.head.startsWith("@property")) return block;
    if (block.head.startsWith("@layer") || /^@(media|supports)\b/.test(block.head))
      return { ...block, text: `${block.head}{${rulesFor(block.body, classes)}}` };
    if (block.head.startsWith("@")) return block;
    return applies(block.head, classes) ? block : null;
  });

  // Variables read by what is kept, and by the variables those read (a theme value naming another).
  const ruleText = kept
    .filter((block) => block && !VARIABLE_LAYERS.has(block.head))
    .map((block) => block!.text)
    .join("");
  // The page's own style attributes may read theme variables too (`style="color:var(--color-lac)"`).
  const read = new Set([...variablesRead(ruleText), ...variablesRead(html)]);
  const themeText = kept.filter((block) => block?.head === "@layer theme").map((block) => block!.text);
  for (let size = -1; size !== read.size; ) {
    size = read.size;
    for (const text of themeText)
      for (const declaration of text.matchAll(/(--[\w-]+):([^;}]*)/g))
        if (read.has(declaration[1]!)) for (const name of variablesRead(declaration[2]!)) read.add(name);
  }

  let out = comment;
  for (const block of kept) {
    if (!block) continue;
    if (VARIABLE_LAYERS.has(block.head)) out += variablesFor(block, read);
    else if (block.head.startsWith("@property")) {
      if (read.has(block.head.slice("@property".length).trim())) out += block.text;
    } else out += block.text;
  }
  return out;
}
