/* A link handed to another device by hand (window.tweakHandoff): drawn as a QR code, read from
   a camera's picture, copied to the clipboard, or passed to the game's tab of this device.

   The QR encoder (node_modules/qr/index.js) and decoder (decode.js, only where the browser has
   no BarcodeDetector for QR codes) are imported when first needed (docs/peers.md). */
(() => {
  "use strict";
  const QR_MODULE = "./node_modules/qr/index.js";
  const QR_DECODER = "./node_modules/qr/decode.js";
  const MAX_QR_VERSION = 10;  // medium error correction while it fits, low past that
  // The BroadcastChannel on which a reply opened in another tab reaches the game's tab.
  const REPLIES = "tweak-replies";

  let encoder = null;
  /** The QR encoder, imported once (a Promise of its encodeQR function). */
  const preload = () => {
    encoder = encoder || import(new URL(QR_MODULE, document.baseURI).href).then((module) => module.default);
    return encoder;
  };

  /** An <svg> QR code of text with the accessible name label: medium error correction up to
      version MAX_QR_VERSION, low when that would be larger (a screen is clean; a smaller code
      is what a phone's camera needs). */
  const qrCode = async (text, label) => {
    const encodeQR = await preload();
    let matrix = encodeQR(text, "raw", { ecc: "medium", border: 4 });
    if ((matrix.length - 8 - 17) / 4 > MAX_QR_VERSION) matrix = encodeQR(text, "raw", { ecc: "low", border: 4 });
    const size = matrix.length;
    let path = "";
    matrix.forEach((row, y) => {
      for (let x = 0; x < size; x++) {
        if (!row[x]) continue;
        let run = 1;
        while (x + run < size && row[x + run]) run++;
        path += `M${x} ${y}h${run}v1h-${run}z`;
        x += run - 1;
      }
    });
    const svgNS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(svgNS, "svg");
    svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
    svg.setAttribute("class", "qr-code");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    svg.setAttribute("shape-rendering", "crispEdges");
    svg.dataset.version = String((size - 8 - 17) / 4);
    const background = document.createElementNS(svgNS, "rect");
    background.setAttribute("width", size);
    background.setAttribute("height", size);
    background.setAttribute("fill", "#fff");
    const modules = document.createElementNS(svgNS, "path");
    modules.setAttribute("d", path);
    modules.setAttribute("fill", "#000");
    svg.append(background, modules);
    return svg;
  };

  let decoder = null;
  /** A Promise of read(canvas): the text of the QR code in the canvas's picture, or null. */
  const reader = () => {
    if (!decoder) {
      decoder = (async () => {
        if ("BarcodeDetector" in window) {
          try {
            const formats = await window.BarcodeDetector.getSupportedFormats();
            if (formats.includes("qr_code")) {
              const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
              return async (canvas) => {
                const found = await detector.detect(canvas);
                return found.length ? found[0].rawValue : null;
              };
            }
          } catch (error) {
            // This BarcodeDetector cannot read QR codes here: the JS decoder does.
          }
        }
        const module = await import(new URL(QR_DECODER, document.baseURI).href);
        return async (canvas) => {
          const context = canvas.getContext("2d", { willReadFrequently: true });
          try {
            return module.default(context.getImageData(0, 0, canvas.width, canvas.height));
          } catch (error) {
            return null;  // no code in this frame
          }
        };
      })();
    }
    return decoder;
  };

  /** Whether text went to the clipboard (without permission the link is there to select). */
  const copy = async (text) => {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (error) {
      return false;
    }
  };

  /** A channel to this device's other tabs of the game, or null where there is none. */
  const replies = () => ("BroadcastChannel" in window ? new BroadcastChannel(REPLIES) : null);

  window.tweakHandoff = { qrCode, preload, reader, copy, replies };
})();
