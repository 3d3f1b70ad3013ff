/* The page's language before Python runs: plain JavaScript, loaded in <head> after
   locale/start.js (window.tweakText: the languages of the catalogues present, each language's
   name in itself, and the start screen's and boot.js's messages translated; made from the .po
   files by tools/catalogues.py).

   It chooses the language as ui/worker/i18n.py's choose() does — the choice remembered in
   localStorage ("tweak.lang") if it is still offered, else the first of the browser's
   languages we have (navigator.languages: "es-ES" matches "es"), else English — and sets
   <html lang> at once.  When that is not English it also sets <html data-translating>, which
   keeps the start card invisible (ui/assets/style.css) until boot.js has called apply(): a
   Spanish player never sees the English start screen first (docs/architecture.md).

   window.tweakI18n:
     lang          the language in force;
     languages     {code: name} of every language offered, English first;
     _(message)    message in that language (itself when untranslated);
     apply(lang)   translate the page's static texts (elements marked data-i18n, attributes
                   named by data-i18n-attr) into lang, fill every <select data-languages>, set
                   <html lang>; the English originals are kept, so languages can switch freely;
                   then a "tweak:language" event on window (peers.js draws its panels again);
     remember(lang)  store the player's choice (page.py tells the worker). */
(() => {
  "use strict";
  const KEY = "tweak.lang";
  const text = window.tweakText || { languages: { en: "English" }, messages: {} };
  const root = document.documentElement;
  const codes = Object.keys(text.languages).sort((a, b) => (a === "en" ? -1 : b === "en" ? 1 :
                                                                a.localeCompare(b)));
  const originals = new WeakMap();  // element -> {text, attribute: value} in English

  const stored = () => {
    try {
      return localStorage.getItem(KEY);
    } catch (error) {
      return null;  // no storage (a sandboxed frame, a privacy setting)
    }
  };
  const choose = () => {
    const wanted = stored();
    if (wanted && codes.includes(wanted)) return wanted;
    for (const tag of navigator.languages || [navigator.language || ""]) {
      const lower = String(tag).toLowerCase();
      for (const candidate of [lower, lower.split("-")[0]]) {
        if (codes.includes(candidate)) return candidate;
      }
    }
    return "en";
  };

  const i18n = {
    lang: choose(),
    languages: Object.fromEntries(codes.map((code) => [code, text.languages[code]])),
    _(message) {
      const table = text.messages[i18n.lang] || {};
      return table[message] || message;
    },
    apply(lang) {
      i18n.lang = codes.includes(lang) ? lang : "en";
      root.lang = i18n.lang;
      for (const element of document.querySelectorAll("[data-i18n], [data-i18n-attr]")) {
        let original = originals.get(element);
        if (!original) {
          original = { attributes: {} };
          if (element.hasAttribute("data-i18n")) original.text = element.textContent.trim();
          for (const name of (element.dataset.i18nAttr || "").split(" ").filter(Boolean)) {
            original.attributes[name] = element.getAttribute(name);
          }
          originals.set(element, original);
        }
        if (original.text !== undefined) element.textContent = i18n._(original.text);
        for (const [name, value] of Object.entries(original.attributes)) {
          if (value !== null) element.setAttribute(name, i18n._(value));
        }
      }
      for (const select of document.querySelectorAll("select[data-languages]")) {
        if (select.options.length !== codes.length) {
          select.replaceChildren(...codes.map((code) => {
            const option = document.createElement("option");
            option.value = code;
            option.lang = code;
            option.textContent = text.languages[code];
            return option;
          }));
        }
        select.value = i18n.lang;
      }
      delete root.dataset.translating;
      // What the page drew itself in the old language (the invitations) is drawn again.
      window.dispatchEvent(new Event("tweak:language"));
    },
    remember(lang) {
      try {
        localStorage.setItem(KEY, lang);
      } catch (error) {
        // Not stored: the choice lasts until the page is closed.
      }
    },
  };
  root.lang = i18n.lang;
  if (i18n.lang !== "en") root.dataset.translating = "";
  window.tweakI18n = i18n;
})();
