// A guest's device in another browser engine (Firefox over WebDriver BiDi, or Chromium over
// CDP) with puppeteer-core: it opens a host's invitation, types its name, and plays one move
// at the host's table, as a person would.  For tests/e2e/devices_in_netns.py, which plays the
// host in Playwright's Chromium and reads what this prints, one JSON object a line:
//
//   {"reply": LINK}              the reply the join screen shows (the host pastes it)
//   {"table": true}              the host's game is drawn here
//   {"played": CARD, "seen": N}  a hand card placed on this guest's turn; N the hand's size
//   {"done": true, "version", "consoleErrors", "pageErrors", "failure"}   always last
//
//   node tests/browsers/guest.mjs --browser firefox|chrome --executable PATH --invite URL
//        --name NAME [--timeout-ms MS]
//
// Exit code 0 when the move was played, 1 otherwise (the last line says why).
import { parseArgs } from "node:util";
import puppeteer from "puppeteer-core";

const { values: args } = parseArgs({
  options: {
    browser: { type: "string" },
    executable: { type: "string" },
    invite: { type: "string" },
    name: { type: "string", default: "Guest" },
    "timeout-ms": { type: "string", default: "180000" },
  },
});
const CHROME_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const POLL_MS = 50;

const say = (line) => process.stdout.write(JSON.stringify(line) + "\n");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(page, what, test, deadline) {
  while (Date.now() < deadline) {
    try {
      const value = await page.evaluate(test);
      if (value) return value;
    } catch (error) {
      // A navigation or a redraw in progress: look again.
    }
    await sleep(POLL_MS);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const PHONE = { width: 390, height: 844 };

/* A phone's viewport.  Over WebDriver BiDi puppeteer-core 24.43 sends a screen orientation
   with it, a command Firefox 140 ESR does not know: the viewport itself is set all the same
   (the page checks its size once loaded), so that one refusal is let pass. */
async function phoneViewport(page) {
  try {
    await page.setViewport(PHONE);
  } catch (error) {
    if (!/unknown command emulation\.setScreenOrientationOverride/.test(error.message)) throw error;
  }
}

async function main() {
  const result = { done: true, consoleErrors: [], pageErrors: [], failure: null };
  const deadline = Date.now() + Number(args["timeout-ms"]);
  const browser = await puppeteer.launch({
    browser: args.browser, executablePath: args.executable, headless: true,
    args: args.browser === "chrome" ? CHROME_FLAGS : [],
  });
  try {
    result.version = await browser.version();
    const page = await browser.newPage();
    await phoneViewport(page);
    page.on("console", (message) => {
      if (message.type() === "error") result.consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => result.pageErrors.push(String(error && error.message || error)));
    await page.goto(args.invite, { waitUntil: "domcontentloaded" });
    const size = await page.evaluate(() => [innerWidth, innerHeight]);
    if (size[0] !== PHONE.width || size[1] !== PHONE.height) {
      throw new Error(`the viewport is ${size.join("x")}, not a phone's`);
    }
    await until(page, "the join screen", () => !!document.querySelector("#join-name"), deadline);
    await page.type("#join-name", args.name);
    say({ reply: await until(page, "the reply", () => {
      const field = document.querySelector("#join-link");
      return field && field.value;
    }, deadline) });
    await until(page, "the host's table",
      () => !!document.querySelector("#game [data-screen=table]"), deadline);
    say({ table: true });
    // This seat's turn: the Place button shows.  A hand card, then Place.
    await until(page, "this guest's turn", () => {
      const place = document.querySelector("#place");
      return place && place.offsetParent !== null && !document.querySelector("#app[aria-busy]");
    }, deadline);
    const card = await page.evaluate(() =>
      document.querySelector(".hand [data-ui^='hand:']").dataset.ui.slice(5));
    const seen = await page.evaluate(() => document.querySelectorAll(".hand [data-ui^='hand:']").length);
    await page.click(`.hand [data-ui='hand:${card}']`);
    await until(page, "Place enabled", () => {
      const place = document.querySelector("#place");
      return place && !place.disabled;
    }, deadline);
    await page.click("#place");
    await until(page, "the move drawn", () => {
      const place = document.querySelector("#place");
      return !place || place.offsetParent === null;
    }, deadline);
    say({ played: card, seen });
  } catch (error) {
    result.failure = String(error && error.message || error);
  } finally {
    await browser.close().catch(() => {});
  }
  say(result);
  return result.failure ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
  say({ done: true, failure: String(error && error.stack || error) });
  process.exit(1);
});
