import { describe, expect, it } from "vitest";
import { classesIn, stylesheetFor } from "./page-stylesheet.server";

/** A stylesheet shaped like Tailwind's minified output. */
const CSS = [
  "/*! tailwindcss v4 | MIT License */",
  "@layer properties{@supports (x:y){*,:before{--tw-shadow:0 0 #0000;--tw-ring-color:initial}}}",
  "@layer theme{:root,:host{--color-lac:#a3322b;--color-silk:#c8962e;--font-sans:Sarabun;--default-font-family:var(--font-sans);--spacing:.25rem}}",
  "@layer base{html{font-family:var(--default-font-family)}a{color:inherit}}",
  "@layer components;",
  "@layer utilities{.flex{display:flex}.hidden{display:none}.p-2{padding:calc(var(--spacing) * 2)}",
  ".text-lac{color:var(--color-lac)}.text-silk{color:var(--color-silk)}",
  ".w-1\\/2{width:50%}.\\[\\&\\>li\\]\\:p-2>li{padding:.5rem}",
  ".shadow{--tw-shadow:0 1px 3px;box-shadow:var(--tw-shadow)}",
  "@media (hover:hover){.hover\\:text-lac:hover{color:var(--color-lac)}.hover\\:underline:hover{text-decoration:underline}}",
  "@media (width>=40rem){.sm\\:hidden{display:none}}",
  ".group:hover .group-hover\\:flex,.peer:checked~.peer-checked\\:flex{display:flex}}",
  "@font-face{font-family:Sarabun;src:url(/assets/sarabun.woff2)}",
  ".notice-auto-close{animation:1s notice-away}@keyframes notice-away{to{visibility:hidden}}",
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-color{syntax:"*";inherits:false}',
].join("");

const page = (classes: string, extra = "") => `<body><div class="${classes}"${extra}>ผ้าทอ</div></body>`;

describe("the stylesheet cut for one page", () => {
  it("keeps the rules of the classes the page has and drops the others", () => {
    const css = stylesheetFor(CSS, page("flex p-2"));
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain(".p-2{");
    expect(css).not.toContain(".hidden{");
    expect(css).not.toContain(".text-lac{");
  });

  it("always keeps the base styles, the fonts and the keyframes, and the licence comment", () => {
    const css = stylesheetFor(CSS, page(""));
    expect(css.startsWith("/*! tailwindcss v4 | MIT License */")).toBe(true);
    expect(css).toContain("html{font-family:var(--default-font-family)}a{color:inherit}");
    expect(css).toContain("@font-face{font-family:Sarabun;");
    expect(css).toContain("@keyframes notice-away");
    expect(css).toContain("@layer components;");
    expect(css).not.toContain(".notice-auto-close");
  });

  it("reads escaped class names as the page writes them, HTML entities included", () => {
    const css = stylesheetFor(CSS, page("w-1/2 [&amp;&gt;li]:p-2"));
    expect(css).toContain(".w-1\\/2{width:50%}");
    expect(css).toContain(".\\[\\&\\>li\\]\\:p-2>li{padding:.5rem}");
    expect(classesIn(page("[&amp;&gt;li]:p-2 a&quot;b"))).toEqual(new Set(["[&>li]:p-2", 'a"b']));
  });

  it("keeps an @media block only with the rules inside it the page uses", () => {
    const css = stylesheetFor(CSS, page("hover:underline"));
    expect(css).toContain("@media (hover:hover){.hover\\:underline:hover{text-decoration:underline}}");
    expect(css).not.toContain("hover\\:text-lac");
    expect(css).not.toContain("40rem");
    expect(stylesheetFor(CSS, page("sm:hidden"))).toContain("@media (width>=40rem){.sm\\:hidden{display:none}}");
  });

  it("keeps a rule when every class of one of its selectors is on the page", () => {
    expect(stylesheetFor(CSS, page("group-hover:flex"))).not.toContain("group-hover");
    const both = `${page("group")}${page("group-hover:flex")}`;
    expect(stylesheetFor(CSS, both)).toContain(".group:hover .group-hover\\:flex,.peer:checked");
  });

  it("keeps the theme's variables the kept rules read, and the ones those read", () => {
    const css = stylesheetFor(CSS, page("text-lac"));
    expect(css).toContain("--color-lac:#a3322b");
    expect(css).not.toContain("--color-silk");
    // The base reads --default-font-family, which reads --font-sans.
    expect(css).toContain("--default-font-family:var(--font-sans)");
    expect(css).toContain("--font-sans:Sarabun");
    expect(css).not.toContain("--spacing");
    expect(stylesheetFor(CSS, page("p-2"))).toContain("--spacing:.25rem");
  });

  it("keeps a variable a style attribute of the page reads", () => {
    const css = stylesheetFor(CSS, page("", ' style="color:var(--color-silk)"'));
    expect(css).toContain("--color-silk:#c8962e");
  });

  it("keeps Tailwind's @property registrations and fallbacks only for variables read", () => {
    const without = stylesheetFor(CSS, page("flex"));
    expect(without).not.toContain("@property --tw-shadow");
    expect(without).not.toContain("--tw-shadow:0 0 #0000");
    const withShadow = stylesheetFor(CSS, page("shadow"));
    expect(withShadow).toContain("@property --tw-shadow{");
    expect(withShadow).toContain("@supports (x:y){*,:before{--tw-shadow:0 0 #0000}}");
    expect(withShadow).not.toContain("--tw-ring-color");
  });

  it("is cut again for a page with other classes or other variables, not taken from the last page's", () => {
    const first = stylesheetFor(CSS, page("p-2 flex"));
    expect(stylesheetFor(CSS, page("flex p-2"))).toBe(first);
    expect(stylesheetFor(CSS, page("flex  p-2", ' data-x="1"'))).toBe(first);
    const more = stylesheetFor(CSS, page("flex p-2 text-silk"));
    expect(more).toContain(".text-silk{");
    expect(first).not.toContain(".text-silk{");
    const styled = stylesheetFor(CSS, page("flex p-2", ' style="color:var(--color-lac)"'));
    expect(styled).toContain("--color-lac:#a3322b");
    expect(first).not.toContain("--color-lac:");
  });
});
