// Speculation rules never fetch: Chromium sends their prefetches and prerenders outside the
// page's request interception (CDP Fetch), so they would escape the crawl's scope, robots.txt
// and address checks. A rule set is neutered before the browser reads it: one the parser
// inserts is turned into inert text when its element is added (a MutationObserver: the parser
// runs the microtasks before it prepares a script), one a script builds is turned when its
// type is set, one in markup a script writes (document.write, a contextual fragment) before
// it is parsed; pages that ask are told the browser has none. A rule set named by a
// Speculation-Rules response header is not reached from here: the guard (render/guard.py)
// fails its response when it arrives.
(() => {
  const RULES = "speculationrules";
  const INERT = "text/x-siteseer-speculationrules";
  const isRules = (value) => String(value).trim().toLowerCase() === RULES;
  const proto = HTMLScriptElement.prototype;
  const typeProperty = Object.getOwnPropertyDescriptor(proto, "type");
  if (typeProperty && typeProperty.set) {
    Object.defineProperty(proto, "type", {
      ...typeProperty,
      set(value) {
        typeProperty.set.call(this, isRules(value) ? INERT : value);
      },
    });
  }
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    const turned = this instanceof HTMLScriptElement && String(name).toLowerCase() === "type";
    return setAttribute.call(this, name, turned && isRules(value) ? INERT : value);
  };
  const supports = HTMLScriptElement.supports;
  if (supports) {
    HTMLScriptElement.supports = function (type) {
      return isRules(type) ? false : supports.call(this, type);
    };
  }
  const MARKUP = /(<script\b[^>]*?\btype\s*=\s*["']?)\s*speculationrules\b/gi;
  const inertMarkup = (markup) => String(markup).replace(MARKUP, `$1${INERT}`);
  for (const name of ["write", "writeln"]) {
    const write = Document.prototype[name];
    Document.prototype[name] = function (...markup) {
      return write.apply(this, markup.map(inertMarkup));
    };
  }
  const fragment = Range.prototype.createContextualFragment;
  Range.prototype.createContextualFragment = function (markup) {
    return fragment.call(this, inertMarkup(markup));
  };
  const neuter = (node) => {
    if (node instanceof HTMLScriptElement && isRules(node.getAttribute("type") || "")) {
      setAttribute.call(node, "type", INERT);
    }
    if (node.querySelectorAll) {
      for (const script of node.querySelectorAll("script[type]")) neuter(script);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) neuter(node);
  }).observe(document, { childList: true, subtree: true });
})();
