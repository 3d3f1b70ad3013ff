/* A first visit's two largest downloads, asked for as soon as the start screen is painted:
   python.snapshot and Pyodide's wasm (together about 6.8 MB of the 7.9 MB a first visit needs).
   The worker asks for them only once PyScript has loaded and made it, about a second later on
   a phone's network; the browser's HTTP cache then hands the worker these very downloads,
   joined while still in flight, so the phone's network is busy from the first paint on
   (tests/bench/bench_phone.py measures it).  Not before the paint: the start screen's own files
   come first.  Not on a later visit: the service worker has every file already.

   The bytes are read to the end (into nothing: a body nobody reads stops downloading) by a
   worker running this same script, not by the page: on a phone, taking 8 MB in on the main
   thread held it for half a second at a time, and a tap on Deal with it. */
"use strict";

if (typeof document === "undefined") {
  // The worker: given the files' URLs, reads each to its end, then stops.  A failure here is no
  // one's concern: the game's worker's own request tells it.
  onmessage = ({ data: urls }) => {
    Promise.all(urls.map((url) => fetch(url)
      .then((response) => response.body.pipeTo(new WritableStream()))
      .catch(() => {})))
      .then(() => close());
  };
} else {
  (() => {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) return;
    const LARGEST = ["python.snapshot", "node_modules/pyodide/pyodide.asm.wasm"];
    const script = document.currentScript.src;
    const urls = LARGEST.map((path) => new URL(path, document.baseURI).href);
    requestAnimationFrame(() => setTimeout(() => new Worker(script).postMessage(urls), 0));
  })();
}
