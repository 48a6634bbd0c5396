import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * What every page runs, in one script file (the "shell"): React, React Router, the bundler's own
 * helpers, the few app modules the root itself uses and the small ones most pages share (formats,
 * badges, paging). Left to the bundler they came in up to fourteen files, one request each; on a
 * slow rural connection each request waits its own round trip, and a browser opens six at a time.
 */
const SHELL = [
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
  /^\0(rolldown[\\/]runtime|vite[\\/]preload-helper)\.js$/,
  /[\\/]app[\\/](content[\\/]site|components[\\/]inline-style)\.tsx?$/,
  // The page's own script beside React Router's (entry.client.tsx, root.tsx): a bad connection
  // (offline bar, writes sent again, the worker's kept copy read anew) and the forms' idempotency key.
  /[\\/]app[\\/](lib[\\/](offline\.client|resend\.client|connection-bar\.client|post-key)|components[\\/](post-form|kept-page-refresh))\.tsx?$/,
  // The shared small parts; the lazy part's few lines (a customer's order page, the admins' dialogs)
  // were a file of their own, one request more on each.
  /[\\/]app[\\/](lib[\\/](format|form-refusal|record-id)|components[\\/](pagination|confirm-dialog|address-dialog|form-fields|lazy-part))\.tsx?$/,
  // The order statuses' names and words (0.5 KB): the profile's data, the statistics, the audit and
  // the admins' dashboard name a status and draw no order; in the orders' set each took one file more.
  /[\\/]app[\\/]domain[\\/](orders[\\/]state-machine|catalogue[\\/]categories)\.ts$/,
  // The upload limits and the shipping rules (a few hundred bytes the designer, the thread, the slip
  // forms, the tailor cards and the pricing read): files of their own were one more request each.
  /[\\/]app[\\/](http[\\/]limits|domain[\\/]pricing[\\/]shipping)\.ts$/,
  // The words of adding to the cart (269 bytes): the order words every order page, the cart and the
  // silk shops read take them in; a file of their own was one request more.
  /[\\/]app[\\/]domain[\\/]orders[\\/]add-messages\.ts$/,
];

/**
 * Modules that always travel together, each set in one file rather than one file per module: an
 * order's page (its panels and events), the form library with our form pattern, the catalogue's
 * parts with the reviews, and the designer. Every file a page asks for is one more request and its
 * headers, and over HTTP/1.1 a browser fetches six at a time: the order pages asked for eleven.
 * Earlier sets come first: a set also takes in what its modules import, unless an earlier set has
 * it (the order page's set would otherwise swallow the forms and the reviews; the designer's, the
 * catalogue's parts).
 */
const TOGETHER: { name: string; modules: RegExp[] }[] = [
  { name: "shell", modules: SHELL },
  // A form at rest: our form pattern, the resting form (form-metadata.ts) and Conform's helpers that
  // turn it into the fields' attributes (getInputProps and the like), 2.4 KB.
  {
    name: "form-kit",
    modules: [
      /[\\/]app[\\/]components[\\/](forms\.tsx|form-metadata\.ts)$/,
      /[\\/]node_modules[\\/]@conform-to[\\/]react[\\/]dist[\\/](helpers|_virtual[\\/]_rollupPluginBabelHelpers)\.mjs$/,
    ],
  },
  // Conform itself and its side of a form (form-binding.tsx): loaded when someone first focuses or
  // points at a form (components/forms.tsx, decision 124).
  {
    name: "forms",
    modules: [/[\\/](node_modules[\\/]@conform-to[\\/](react|dom)[\\/].*|app[\\/]components[\\/]form-binding\.tsx)$/],
  },
  // The schema library on its own: a form's rules load when someone starts on it (useShopForm), and
  // no set that happens to import it (the designer's) may bring it to pages that do not.
  { name: "zod", modules: [/[\\/]node_modules[\\/]zod[\\/]/] },
  // The catalogue: its parts and its sizes with their words. The cart, the order pages and the silk
  // shops read only the sizes, but as a file of their own they made the designer's and pricing pages
  // ask for one file more, and on Slow 3G a page past eight or nine files waits for a second round of
  // requests (bench/REPORT.md at 9e43995: 1.2x the floor's "scripts loaded" became 1.35x). What reads
  // the parts for the designer only (a design's choices, the designs' words) is in the designer's
  // file: the catalogue's file is 2 KB, not 3.4. The tailors' stars and reviews as pages show them
  // (`components/reviews.tsx`, 0.6 KB) came as a file of their own to the silk shops, a shop's page
  // and the order pages, which all read the sizes as well: the tenth file of each (bench/README.md,
  // tuning note 121). The pages that show reviews but no sizes (choosing a tailor, a tailor's
  // reviews, the admins' reviews) take the sizes with them.
  {
    name: "catalogue",
    modules: [
      /[\\/]app[\\/]domain[\\/]catalogue[\\/]sizes\.ts$/,
      /[\\/]app[\\/](components[\\/]reviews\.tsx|domain[\\/]reviews[\\/]review-limits\.ts)$/,
    ],
  },
  // What every page about orders shows (an order's page, the order lists of a customer, a tailor and
  // the admins, the sheet, the receipt): the statuses' badges, the payment states,
  // the order error, the cancel reasons and their fields, the photo forms' shrinking send (the
  // slip's and the problem report's), and how an order's size reads. The print bar of the sheet, the
  // label and the receipt is a file of their own (0.4 KB the order pages do not draw); the sheet reads
  // no catalogue, so it asks for seven files with it. In the shell they were 4 KB on
  // every page, the silk shops and the designer too; as files of their own, up to five requests. The
  // payment states were in the shell, 0.8 KB on pages that show no order (the designer).
  {
    name: "orders",
    modules: [
      /[\\/]app[\\/]domain[\\/](orders[\\/]order-size-words|payments[\\/]payment-states)\.ts$/,
      /[\\/]app[\\/](domain[\\/]orders[\\/]cancel-reasons|components[\\/]payment-badge|routes[\\/]orders[\\/]ui[\\/](status-badge|order-error|cancel-reason-note|photo-submit|price-rows))\.tsx?$/,
    ],
  },
  // The measurements' fields, words and lists: the profile pages and the measuring guide, and an
  // order cut to measure (its page and sheet load them as a lazy part, with such an order only). In
  // the orders' set they came to every order page, and the orders' set to the profile pages.
  {
    name: "measurements",
    modules: [
      /[\\/]app[\\/](components[\\/]measurements\.tsx|domain[\\/]measurements[\\/](measurements|order-measurements)\.ts)$/,
    ],
  },
  // The silk shops' cards (a shop's, a design's with its viewer): the silk shops, a shop's page and a
  // design's page (its add-to-cart button). As two files the silk shops asked for ten, their picture
  // and the fonts beside them (bench/README.md, tuning note 121); a design's page carries the shop
  // card's 2 KB instead.
  {
    name: "shop-cards",
    modules: [
      /[\\/]app[\\/](routes[\\/]tailor[\\/]shops[\\/](shop-card|design-card|design-viewer)\.tsx|domain[\\/]orders[\\/]add-refusals\.ts)$/,
    ],
  },
  // The share links of the public pages (issue 50), without the designer.
  { name: "sharing", modules: [/[\\/]app[\\/](domain[\\/]sharing[\\/]share\.ts|components[\\/]share-links\.tsx)$/] },
  {
    name: "designer",
    modules: [
      /[\\/]app[\\/]routes[\\/]designer[\\/](designer-view|revalidate|save-failure)\.tsx?$/,
      // What reads the catalogue for the designer's pages only: a design's choices, the designs'
      // words. The designer's share link (designer-share.ts) goes with the customer's designer page
      // that shows it: in this set, it brought the share links' file to the tailor's designer pages,
      // their ninth (popular designs, with its picture and the fonts: twelve requests after the page).
      /[\\/]app[\\/]domain[\\/](designer[\\/]selection|designs[\\/]messages)\.ts$/,
      // The catalogue's parts (every pattern with its words and picture): only the designer's pages
      // draw them. In the catalogue's set they came to the order pages, the cart and the silk shops,
      // which read only the sizes (1.5 KB of the 2.9 KB file). The pricing pages read no part of it:
      // at rest a price's words and rules (price-text.ts), and the check of the parts they draw
      // (price-list-form.ts) when a tailor starts on the prices.
      /[\\/]app[\\/]domain[\\/]catalogue[\\/]options\.ts$/,
    ],
  },
  // An order as its pages show it: the detail (the customer's and the tailor's order pages), its last
  // panels and its message thread (the order pages and the messages page). As two files the order
  // pages asked for ten and eleven, and on Slow 3G the tenth waits for a third round of requests
  // (the scripts in at 8.6 to 8.9 s, not 7.2 to 7.4); the messages page carries the detail's KB
  // instead. The sheet reads only the price rows, which travel with the order basics (`orders`).
  {
    name: "order-detail",
    modules: [
      /[\\/]app[\\/](routes[\\/]orders[\\/]ui[\\/](order-detail-view|payment-panel|delivery-panel|review-panel)\.tsx|domain[\\/]orders[\\/]event-titles\.ts)$/,
      /[\\/]app[\\/](routes[\\/]orders[\\/]ui[\\/](finishing-panels|order-thread)\.tsx|domain[\\/]messages[\\/]messages\.ts)$/,
    ],
  },
  // The tailor's pricing page and the admins' copy of it: the part prices, the deposit and PromptPay
  // fields' rules, in one file rather than four.
  {
    name: "pricing",
    modules: [
      /[\\/]app[\\/](routes[\\/]tailor[\\/]pricing[\\/](pricing-form|pricing-intro)\.tsx|domain[\\/](pricing[\\/]price-text|payments[\\/](deposit-terms|promptpay))\.ts)$/,
    ],
  },
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: TOGETHER.map(({ name, modules }, index) => ({
            name,
            test: (id: string) => modules.some((pattern) => pattern.test(id)),
            priority: TOGETHER.length - index,
          })),
        },
      },
    },
  },
});
