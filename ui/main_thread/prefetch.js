/* A first visit's two largest downloads, asked for as soon as the start screen is painted:
   python.snapshot and Pyodide's wasm (together about 9 MB of the 11 MB a first visit needs).
   The worker asks for them only once PyScript has loaded and made it, about a second later on
   a phone's network; the browser's HTTP cache then hands the worker these very downloads,
   joined while still in flight, so the phone's network is busy from the first paint on
   (tests/bench/bench_phone.py measures it).  Not before the paint: the start screen's own files
   come first.  Not on a later visit: the service worker has every file already. */
"use strict";

(() => {
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return;
  const LARGEST = ["python.snapshot", "node_modules/pyodide/pyodide.asm.wasm"];
  const fetchAll = () => {
    for (const path of LARGEST) {
      // Read to the end (into nothing): a body nobody reads stops downloading.  A failure
      // here is no one's concern: the worker's own request tells it.
      fetch(path).then((response) => response.body.pipeTo(new WritableStream()))
        .catch(() => {});
    }
  };
  requestAnimationFrame(() => setTimeout(fetchAll, 0));
})();
