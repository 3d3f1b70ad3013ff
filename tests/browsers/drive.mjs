// Plays the smoke flow of tests/browsers/smoke.js in Firefox (WebDriver BiDi) or Chromium (CDP)
// with puppeteer-core, and prints one JSON object on stdout: what smoke.js reported (marks,
// turns, errors) plus the errors puppeteer itself saw (console messages of type "error" and
// uncaught page errors), the browser's version and, when the flow did not finish, why.  After
// the flow it makes the page report one error of each kind on purpose (smoke.js selfCheck).
//
//   node tests/browsers/drive.mjs --browser firefox|chrome --executable PATH --url URL
//        [--turns N] [--timeout-ms MS]
//
// Exit code 0 when the flow ran to its end (errors or not: the caller judges them), 1 when it
// could not (a timeout, a browser that did not start); the JSON is printed either way.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import puppeteer from "puppeteer-core";

const { values: args } = parseArgs({
  options: {
    browser: { type: "string" },
    executable: { type: "string" },
    url: { type: "string" },
    turns: { type: "string", default: "3" },
    "timeout-ms": { type: "string", default: "120000" },
  },
});

const SMOKE = readFileSync(new URL("./smoke.js", import.meta.url), "utf8");
// Debian's chromium as root without a sandbox, and none of its background traffic (the same
// flags as tests/e2e/conftest.py).
const CHROME_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const POLL_MS = 30;
const SELF_CHECK_MS = 300;  // for the self-check's errors to arrive (they are asynchronous)

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function play(page, turns, deadline) {
  let last = null;
  while (Date.now() < deadline) {
    let step;
    try {
      step = await page.evaluate((n) => window.__smoke ? window.__smoke.next(n) : { wait: "smoke.js" },
                                 turns);
    } catch (error) {
      step = { wait: `evaluate: ${error.message}` };  // a navigation in progress
    }
    last = step;
    if (step.done) return null;
    if (step.fail) return step.fail;
    try {
      if (step.click) await page.click(step.click);
      else if (step.select) await page.select(step.select, step.value);
    } catch (error) {
      // The element was re-drawn between the plan and the click: smoke.js will ask again.
      last = { ...step, error: error.message };
    }
    await sleep(POLL_MS);
  }
  return `timed out; the last step was ${JSON.stringify(last)}`;
}

async function main() {
  const result = { browser: args.browser, consoleErrors: [], pageErrors: [], failure: null };
  const turns = Number(args.turns);
  const deadline = Date.now() + Number(args["timeout-ms"]);
  const launchedAt = Date.now();
  const browser = await puppeteer.launch({
    browser: args.browser,
    executablePath: args.executable,
    headless: true,
    args: args.browser === "chrome" ? CHROME_FLAGS : [],
  });
  try {
    result.version = await browser.version();
    result.launchMs = Date.now() - launchedAt;
    const page = await browser.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") {
        const where = message.location() || {};
        result.consoleErrors.push(`${message.text()} (${where.url || "?"}:${where.lineNumber ?? "?"})`);
      }
    });
    page.on("pageerror", (error) => result.pageErrors.push(String(error && error.message || error)));
    await page.evaluateOnNewDocument(SMOKE);
    await page.goto(args.url, { waitUntil: "domcontentloaded", timeout: Number(args["timeout-ms"]) });
    result.failure = await play(page, turns, deadline);
    // Errors on purpose, to show the listeners hear this browser (tests/browsers/drivers.py).
    await page.evaluate(() => window.__smoke && window.__smoke.selfCheck());
    await sleep(SELF_CHECK_MS);
    result.page = await page.evaluate(() => window.__smoke && window.__smoke.report());
  } catch (error) {
    result.failure = result.failure || String(error && error.stack || error);
  } finally {
    await browser.close().catch(() => {});
  }
  process.stdout.write(JSON.stringify(result) + "\n");
  return result.failure ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
  process.stdout.write(JSON.stringify({ browser: args.browser, failure: String(error && error.stack || error) }) + "\n");
  process.exit(1);
});
