// pa11y (tests/e2e/support/checkers.ts) drives Chromium through Puppeteer, which would download a
// browser of its own when installed: the tests hand it the Chromium Playwright uses instead.
module.exports = { skipDownload: true };
