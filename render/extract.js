// siteseer's one page.evaluate: links (three DOM paths, box, style), controls, outerHTML, title.
// Returns a JSON string (far cheaper to move across the Playwright boundary than objects).
// The rules mirror render/extract.py exactly; a test compares both on static pages.
// `part` "drawn": only what a scroll step drew (links, openers), for a scroll action's loop
// (settle.js `scrollList`); controls, scroll regions and the HTML are left out.
(part) => {
  const drawnOnly = part === "drawn";
  const WS = /[ \t\n\r\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+/g;
  const collapse = (s) => (s || "").replace(WS, " ").replace(/^ +| +$/g, "");
  const VALID_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;
  const LOAD_MORE = /\b(load|show|see|view)\s+more\b/;
  const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "legend"]);
  const LABEL_SKIP = new Set(["select", "textarea", "option", "script", "style"]);
  const TEXT_TYPES = new Set(["", "text", "search", "email", "number", "tel", "url", "password",
    "date", "month", "week", "time", "datetime-local"]);
  const SCRIPT_CAP = 262144;
  const sx = window.scrollX, sy = window.scrollY;
  const tagOf = (el) => el.localName;
  const attr = (el, name) => el.getAttribute(name);

  // -- link DOM paths (memoised per ancestor, each distinct path made once) -------------------
  // A path is [tags, tags with attribute names, tags with attribute names and values]. Equal
  // paths are one array (the items of a list share their parent's path), so links and the path
  // table below compare them by identity.
  const memo = new Map();
  const NO_PATH = ["", "", ""];
  const pathIds = new Map([[NO_PATH, 0]]);
  const interned = new Map();
  const extend = (prefix, step) => {
    const key = pathIds.get(prefix) + "\u0001" + step[1] + "\u0001" + step[2];
    let path = interned.get(key);
    if (path === undefined) {
      path = prefix[0]
        ? [prefix[0] + "/" + step[0], prefix[1] + "/" + step[1], prefix[2] + "/" + step[2]]
        : step;
      interned.set(key, path);
      pathIds.set(path, pathIds.size);
    }
    return path;
  };
  const kept = (el) => {
    const out = [];
    for (const a of el.attributes) {
      // an empty class names no class (a script that took an element's last class off
      // leaves the attribute): the element's step is the same without it
      if (a.name === "class" && !a.value.trim()) continue;
      if (a.name !== "style" && !a.name.startsWith("on")) out.push([a.name, a.value]);
    }
    out.sort((p, q) => (p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : (p[1] < q[1] ? -1 : p[1] > q[1] ? 1 : 0)));
    return out;
  };
  const pathOf = (el) => {
    if (!el || el.nodeType !== 1) return NO_PATH;
    const found = memo.get(el);
    if (found) return found;
    const prefix = pathOf(el.parentElement);
    let result;
    const tag = tagOf(el);
    if (tag === "tbody") {
      result = prefix;
    } else if (!el.hasAttributes()) {
      result = extend(prefix, [tag, tag, tag]);
    } else {
      const attrs = kept(el);
      result = extend(prefix, [
        tag,
        tag + attrs.map((a) => `[@${a[0]}]`).join(""),
        tag + attrs.map((a) => `[@${a[0]}=${collapse(a[1])}]`).join(""),
      ]);
    }
    memo.set(el, result);
    return result;
  };

  // `raw`: the anchor's textContent, when read already.
  const anchorText = (a, raw) => {
    const text = collapse(raw === undefined ? a.textContent : raw);
    if (text) return text;
    for (const name of ["aria-label", "title"]) {
      const v = collapse(attr(a, name) || "");
      if (v) return v;
    }
    for (const img of a.getElementsByTagName("img")) {
      const alt = attr(img, "alt");
      if (alt !== null) return collapse(alt);
    }
    return "";
  };

  // -- styles ------------------------------------------------------------------------------------
  // One computed style object per element, shared by the background and opacity walks (the
  // ancestors they climb are the same).
  const styleMemo = new Map();
  const styleOf = (el) => {
    let cs = styleMemo.get(el);
    if (cs === undefined) { cs = getComputedStyle(el); styleMemo.set(el, cs); }
    return cs;
  };
  const bgMemo = new Map();
  const transparent = (c) => !c || c === "transparent" || /rgba\([^)]*,\s*0\)$/.test(c);
  // `cs`: el's computed style, already at hand (one style object per link, not three).
  const background = (el, cs) => {
    const chain = [];
    let node = el, found = "rgb(255, 255, 255)";
    while (node && node.nodeType === 1) {
      if (bgMemo.has(node)) { found = bgMemo.get(node); break; }
      chain.push(node);
      const c = (node === el ? cs : styleOf(node)).backgroundColor;
      if (!transparent(c)) { found = c; break; }
      node = node.parentElement;
    }
    for (const n of chain) bgMemo.set(n, found);
    return found;
  };
  const boxOf = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + sx, r.top + sy, r.width, r.height];
  };
  // Visible: a non-empty box, visibility not hidden (inherited, so ancestors count), and no
  // ancestor-or-self with opacity 0 (memoised per element). display:none gives an empty box.
  const transparentMemo = new Map();
  const seeThrough = (el, cs) => {
    if (!el || el.nodeType !== 1) return false;
    let v = transparentMemo.get(el);
    if (v === undefined) {
      v = (cs || styleOf(el)).opacity === "0" || seeThrough(el.parentElement);
      transparentMemo.set(el, v);
    }
    return v;
  };
  // (Each computed-style read costs microseconds in a live page: visibility is read once.)
  const visible = (el, box, cs) => {
    if (!(box[2] > 0 && box[3] > 0)) return false;
    const v = cs.visibility;
    return v !== "hidden" && v !== "collapse" && !seeThrough(el, cs);
  };

  // -- links ---------------------------------------------------------------------------------------
  // Each link: [href, text, path index, x, y, w, h, style index, visible]. Paths and styles
  // repeat across a list, so they travel once each in `paths` and `styles`.
  const links = [], paths = [], styles = [];
  const pathIndex = new Map(), styleIndex = new Map();
  const A_STEP = ["a", "a", "a"];
  // Whether any anchor's text says "more": only then can an anchor be a load-more control.
  let anchorsSayMore = false;
  for (const a of document.getElementsByTagName("a")) {
    if (!a.hasAttribute("href")) continue;
    const raw = a.textContent;
    if (!anchorsSayMore && /more/i.test(raw)) anchorsSayMore = true;
    if (!(a instanceof HTMLAnchorElement)) continue;
    const href = a.href;
    if (!/^https?:/i.test(href)) continue;
    const path = extend(pathOf(a.parentElement), A_STEP);
    let pi = pathIndex.get(path);
    if (pi === undefined) { pi = paths.length; paths.push(path); pathIndex.set(path, pi); }
    const box = boxOf(a);
    const cs = styleOf(a);
    const style = [parseFloat(cs.fontSize) || 0, parseInt(cs.fontWeight, 10) || 400, cs.fontFamily,
      cs.color, cs.textDecorationLine || "", background(a, cs)];
    const key = style.join("\u0001");
    let si = styleIndex.get(key);
    if (si === undefined) { si = styles.length; styles.push(style); styleIndex.set(key, si); }
    links.push([href, anchorText(a, raw), pi, box[0], box[1], box[2], box[3], si, visible(a, box, cs)]);
  }

  // -- controls -------------------------------------------------------------------------------------
  // Id and label indexes, built on first use (most pages have few controls).
  let idCounts = null, byId = null, labelFor = null;
  const indexIds = () => {
    idCounts = new Map();
    byId = new Map();
    for (const el of document.querySelectorAll("[id]")) {
      const id = attr(el, "id");
      idCounts.set(id, (idCounts.get(id) || 0) + 1);
      if (!byId.has(id)) byId.set(id, el);
    }
  };
  const labelOf = (id) => {
    if (labelFor === null) {
      labelFor = new Map();
      for (const el of document.querySelectorAll("label[for]")) {
        const f = attr(el, "for");
        if (!labelFor.has(f)) labelFor.set(f, el);
      }
    }
    return labelFor.get(id);
  };
  const uniqueId = (el) => {
    const id = attr(el, "id");
    if (!id || !VALID_ID.test(id)) return "";
    if (idCounts === null) indexIds();
    return idCounts.get(id) === 1 ? id : "";
  };
  const ancestor = (el, tag) => {
    let n = el.parentElement;
    while (n) { if (tagOf(n) === tag) return n; n = n.parentElement; }
    return null;
  };
  const formOwner = (el) => {
    const owner = attr(el, "form");
    if (owner !== null) {
      if (byId === null) indexIds();
      const t = byId.get(owner);
      return t && tagOf(t) === "form" ? t : null;
    }
    return ancestor(el, "form");
  };
  const cssString = (v) => '"' + v.replace(/\\/g, "\\\\").replace(/"/g, '\\"') + '"';
  // `live`: a path into this live document, which always has its tbody (a control's path
  // leaves it out: the HTTP fast path's parser may not add one).
  const nthPath = (el, live) => {
    const steps = [];
    let node = el;
    while (node && node.nodeType === 1) {
      const tag = tagOf(node);
      if (tag === "tbody" && !live) { node = node.parentElement; continue; }
      const id = uniqueId(node);
      if (id) { steps.push("#" + id); break; }
      if (tag === "html" || tag === "body" || tag === "head") {
        steps.push(tag);
        if (tag === "html") break;
      } else {
        let index = 1;
        for (let s = node.previousElementSibling; s; s = s.previousElementSibling) {
          if (tagOf(s) === tag) index++;
        }
        steps.push(`${tag}:nth-of-type(${index})`);
      }
      node = node.parentElement;
    }
    steps.reverse();
    let out = steps[0];
    for (let i = 1; i < steps.length; i++) {
      const prev = steps[i - 1];
      out += (!live && (prev.startsWith("table:") || prev === "table") ? " " : " > ") + steps[i];
    }
    return out;
  };
  const selectorOf = (el, withValue) => {
    const id = uniqueId(el);
    if (id) return "#" + id;
    const name = attr(el, "name");
    if (name) {
      const value = withValue ? attr(el, "value") : null;
      const form = ancestor(el, "form");
      const scope = form || document.documentElement;
      const tag = tagOf(el);
      let matches = 0;
      if (tagOf(scope) === tag && attr(scope, "name") === name &&
          (value === null || attr(scope, "value") === value)) matches++;
      for (const o of scope.getElementsByTagName(tag)) {
        if (attr(o, "name") === name && (value === null || attr(o, "value") === value)) matches++;
      }
      if (matches === 1) {
        let sel = `${tag}[name=${cssString(name)}]`;
        if (value !== null) sel += `[value=${cssString(value)}]`;
        return form ? selectorOf(form, false) + " " + sel : sel;
      }
    }
    return nthPath(el);
  };
  const labelText = (label) => {
    const parts = [];
    const walk = (el) => {
      for (const c of el.childNodes) {
        if (c.nodeType === 3) parts.push(c.data);
        else if (c.nodeType === 1 && !LABEL_SKIP.has(tagOf(c))) walk(c);
      }
    };
    walk(label);
    return collapse(parts.join(""));
  };
  const fieldLabel = (el, tailText) => {
    const id = attr(el, "id");
    if (id) {
      const label = labelOf(id);
      if (label) { const t = labelText(label); if (t) return t; }
    }
    const wrapping = ancestor(el, "label");
    if (wrapping) {
      const f = attr(wrapping, "for");
      if (f === null || f === id) { const t = labelText(wrapping); if (t) return t; }
    }
    const aria = collapse(attr(el, "aria-label") || "");
    if (aria) return aria;
    if (tailText) {
      let tail = "";
      for (let n = el.nextSibling; n && n.nodeType === 3; n = n.nextSibling) tail += n.data;
      const t = collapse(tail);
      if (t) return t;
    }
    return collapse(attr(el, "title") || "");
  };
  const facetAttr = (el) => {
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const v = attr(n, "data-facet");
      if (v !== null) return v;
    }
    return null;
  };
  // A tab panel's heading is its tab: the element its aria-labelledby names, else the selected
  // tab of the tab list that holds it.
  const tabLabel = (panel) => {
    const by = (attr(panel, "aria-labelledby") || "").trim();
    if (by) {
      const t = document.getElementById(by.split(/\s+/)[0]);
      if (t) return collapse(t.textContent);
    }
    const list = panel.parentElement ? panel.parentElement.closest("[role=tablist]") : null;
    if (!list) return "";
    for (const tab of list.querySelectorAll("[role=tab][aria-selected=true]")) {
      if (tab.closest("[role=tablist]") === list) return collapse(tab.textContent);
    }
    return "";
  };
  // The nearest heading before an element among its preceding siblings (a heading sibling, or
  // the last heading inside one), memoised: each sibling is searched once, however many
  // controls share a long list of them.
  const lastHeading = (s) => {
    if (HEADINGS.has(tagOf(s))) return collapse(s.textContent);
    const hs = s.querySelectorAll("h1,h2,h3,h4,h5,h6,legend");
    for (let i = hs.length - 1; i >= 0; i--) {
      const t = collapse(hs[i].textContent);
      if (t) return t;
    }
    return "";
  };
  const before = new Map();
  const headingBefore = (node) => {
    const chain = [];
    let s = node;
    while (s && !before.has(s)) { chain.push(s); s = s.previousElementSibling; }
    let found = s ? before.get(s) : "";
    for (let i = chain.length - 1; i >= 0; i--) {
      const prev = chain[i].previousElementSibling;  // chain[i + 1], or the memoised s
      if (prev) found = lastHeading(prev) || found;
      before.set(chain[i], found);
    }
    return before.get(node);
  };
  const headingLabel = (el) => {
    let node = el;
    while (node && node.nodeType === 1 && tagOf(node) !== "body" && tagOf(node) !== "html") {
      if (node !== el && attr(node, "role") === "tabpanel") {
        const t = tabLabel(node);
        if (t) return t;
      }
      // <label for="ID"> naming a container (a radio group, a widget) is the group's heading;
      // an input's own label is its value's label, not its group's
      const id = node === el && tagOf(el) === "input" ? null : attr(node, "id");
      if (id) {
        const label = labelOf(id);
        if (label && !label.contains(el)) {
          const t = labelText(label);
          if (t) return t;
        }
      }
      if (tagOf(node) === "fieldset") {
        for (const c of node.children) {
          if (tagOf(c) === "legend") {
            const t = collapse(c.textContent);
            if (t) return t;
            break;
          }
        }
      }
      const t = headingBefore(node);
      if (t) return t;
      node = node.parentElement;
    }
    return "";
  };
  const groupLabel = (el, field) => {
    const facet = facetAttr(el);
    if (facet) return collapse(facet);
    if (field) return field;
    return headingLabel(el);
  };
  // (LOAD_MORE needs "more": most texts are ruled out before they are collapsed.)
  const looksLoadMore = (el, text) => {
    if (el.hasAttribute("data-load-more")) return true;
    const lower = (text || "").toLowerCase();
    return lower.includes("more") && LOAD_MORE.test(collapse(lower));
  };
  const classify = (el) => {
    const tag = tagOf(el);
    if (tag === "input") {
      const t = (attr(el, "type") || "").trim().toLowerCase();
      if (t === "checkbox") return "checkbox";
      if (t === "radio") return "radio";
      if (t === "submit" || t === "image") return "submit";
      if (t === "button") return looksLoadMore(el, attr(el, "value") || "") ? "load_more" : "button";
      if (TEXT_TYPES.has(t)) return "text";
      return null;
    }
    if (tag === "textarea") return "text";
    if (tag === "select") return "select";
    if (tag === "button") {
      const t = (attr(el, "type") || "").trim().toLowerCase();
      if (t === "reset") return null;
      if (looksLoadMore(el, el.textContent)) return "load_more";
      if ((t === "" || t === "submit") && formOwner(el)) return "submit";
      return "button";
    }
    if (tag === "a" && el.hasAttribute("href")) {
      if (looksLoadMore(el, el.textContent)) return "load_more";
      if (hasFacets && facetAttr(el) !== null) return "link";
      return null;
    }
    if (el.hasAttribute("data-load-more")) return "load_more";
    // a disclosure (ARIA: it shows or hides a popup or a region) is a button whatever its tag
    if (tag !== "a" && el.hasAttribute("aria-expanded")) return "button";
    return null;
  };
  const resolve = (href) => {
    try { return new URL(href.trim().replace(/[\t\n\r]/g, ""), document.baseURI).href; }
    catch (e) { return href; }
  };
  const controls = [];
  // Any element may be a control only where [data-load-more] is used; otherwise only form
  // fields, buttons and anchors can be. (Template contents are not in the document.)
  // An anchor is a control only as a facet link or a load-more: where neither can be, anchors
  // (most of a page's candidates) are not looked at again.
  const hasFacets = document.querySelector("[data-facet]") !== null;
  const candidates = drawnOnly ? [] : document.querySelector("[data-load-more]")
    ? document.getElementsByTagName("*")
    : document.querySelectorAll(
      hasFacets || anchorsSayMore
        ? "input,select,textarea,button,a[href],[aria-expanded]"
        : "input,select,textarea,button,[aria-expanded]");
  for (const el of candidates) {
    const tag = tagOf(el);
    if (tag === "script" || tag === "style" || tag === "template") continue;
    const kind = classify(el);
    if (kind === null) continue;
    const isField = tag === "input" || tag === "select" || tag === "textarea" || tag === "button";
    const form = isField ? formOwner(el) : null;
    let formSel = "", formMethod = "", formAction = "";
    if (form) {
      formSel = selectorOf(form, false);
      const m = (attr(form, "method") || "").trim().toLowerCase();
      formMethod = m === "get" || m === "post" || m === "dialog" ? m : "get";
      const a = (attr(form, "action") || "").trim();
      formAction = a ? resolve(a) : document.URL;
    }
    const c = {
      kind, selector: "", label: "", group: "", name: attr(el, "name") || "", value: "",
      checked: false, form: formSel, form_method: formMethod, form_action: formAction,
      input_type: (attr(el, "type") || "").trim().toLowerCase(), options: [], box: null,
      role: (attr(el, "role") || "").trim().toLowerCase(),
      expanded: (attr(el, "aria-expanded") || "").trim().toLowerCase(),
      popup: (attr(el, "aria-haspopup") || "").trim().toLowerCase(),
    };
    if (kind === "checkbox" || kind === "radio") {
      c.value = attr(el, "value") !== null ? attr(el, "value") : "on";
      c.checked = el.checked;
      c.label = fieldLabel(el, true);
      c.group = groupLabel(el, "");
    } else if (kind === "select") {
      for (const o of el.getElementsByTagName("option")) {
        const text = collapse(o.textContent);
        const v = attr(o, "value");
        c.options.push({ value: v === null ? text : v, label: text, selected: o.selected });
      }
      const chosen = c.options.find((o) => o.selected);
      c.value = chosen ? chosen.value : "";
      c.label = chosen ? chosen.label : "";
      c.group = groupLabel(el, fieldLabel(el, false));
    } else if (kind === "text") {
      c.value = el.value || "";
      c.label = collapse(attr(el, "placeholder") || "");
      c.group = groupLabel(el, fieldLabel(el, false));
    } else if (kind === "link") {
      c.value = el.href;
      c.label = anchorText(el);
      c.group = groupLabel(el, "");
    } else {
      c.value = attr(el, "value") || "";
      c.checked = c.role === "tab" && (attr(el, "aria-selected") || "").trim() === "true";
      c.label = tag === "input" ? collapse(c.value) : collapse(el.textContent);
      if (!c.label) c.label = collapse(attr(el, "aria-label") || attr(el, "title") || "");
      c.group = groupLabel(el, "");
    }
    const withValue = (kind === "checkbox" || kind === "radio" || kind === "submit" ||
      kind === "button") && attr(el, "value") !== null;
    c.selector = selectorOf(el, withValue);
    const b = boxOf(el);
    c.box = { x: b[0], y: b[1], w: b[2], h: b[3] };
    controls.push(c);
  }

  // -- openers -----------------------------------------------------------------------------------
  // Elements a click may open a page from although they are no link: the outermost element drawn
  // with a pointer cursor (the cursor is inherited: its parent has none) that is not a link, a
  // form field or a disclosure, nor inside a link or a form, and is shown and enabled — a row
  // with a click handler, a card, a button of a pager. Where one leads is learned by clicking it
  // (algorithms/openers.py); here each is described: its own texts (each text node's, in
  // order), its attributes, its DOM path (as a link's) and a selector of this document.
  const OPENER_SKIP = new Set(["a", "input", "select", "textarea", "label", "option", "optgroup",
    "summary", "details", "form", "svg", "img", "video", "audio", "iframe", "canvas", "script",
    "style"]);
  const OPENER_SCAN = 20000, OPENER_CAP = 2000, TEXT_CAP = 200;
  const openers = [];
  const textsOf = (el) => {
    const out = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t && out.length < 12; t = walker.nextNode()) {
      const v = collapse(t.data);
      if (v) out.push(v.slice(0, TEXT_CAP));
    }
    return out;
  };
  if (document.body) {
    const all = document.body.getElementsByTagName("*");
    const n = Math.min(all.length, OPENER_SCAN);
    for (let i = 0; i < n && openers.length < OPENER_CAP; i++) {
      const el = all[i];
      const tag = tagOf(el);
      if (OPENER_SKIP.has(tag) || el.namespaceURI !== "http://www.w3.org/1999/xhtml") continue;
      const cs = styleOf(el);
      if (cs.cursor !== "pointer") continue;
      const parent = el.parentElement;
      if (parent && styleOf(parent).cursor === "pointer") continue;
      if (el.hasAttribute("aria-expanded") || el.hasAttribute("aria-haspopup")) continue;
      if (el.hasAttribute("disabled") || attr(el, "aria-disabled") === "true") continue;
      if (el.closest("a[href],form,[contenteditable=true]")) continue;
      const box = boxOf(el);
      if (!visible(el, box, cs)) continue;
      const attrs = [];
      for (const a of kept(el)) {
        if (a[0] !== "class" && attrs.length < 20) attrs.push([a[0], a[1].slice(0, TEXT_CAP)]);
      }
      const texts = textsOf(el);
      const path = pathOf(el);
      openers.push({
        selector: nthPath(el, true),
        text: collapse(el.textContent).slice(0, TEXT_CAP) ||
          collapse(attr(el, "aria-label") || attr(el, "title") || ""),
        texts, attrs, path: path[0], path_attrs: path[1], path_values: path[2],
        box: { x: box[0], y: box[1], w: box[2], h: box[3] },
      });
    }
  }

  // -- scroll regions drawn in part ---------------------------------------------------------------
  // A region that scrolls — the document, or an element whose overflow scrolls — holding a
  // stretch at least a view tall where nothing is drawn (no text, no image or field): the space
  // a virtualised list keeps for the rows it draws only once they scroll into view. Content is
  // where a non-blank text node's element or a replaced element is laid out; an inner region
  // counts as content of the document (its own content is measured in it).
  const scrollRegions = [];
  const REGION_SCAN = 50000;
  const REPLACED = "img,svg,canvas,video,iframe,input,select,textarea,button,object,embed";
  const blankOf = (region, isDoc, skip) => {
    const top0 = isDoc ? -sy : region.getBoundingClientRect().top - region.scrollTop;
    const height = isDoc ? Math.max(document.documentElement.scrollHeight,
      document.body ? document.body.scrollHeight : 0) : region.scrollHeight;
    const spans = [];
    const add = (el) => {
      if (!el) return;
      const r = el.getBoundingClientRect();
      if (r.height > 0 && r.width > 0) spans.push([r.top - top0, r.bottom - top0]);
    };
    const root = isDoc ? document.body : region;
    if (!root) return [height, 0];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let n = 0;
    for (let t = walker.nextNode(); t && n < REGION_SCAN; t = walker.nextNode()) {
      n++;
      const el = t.parentElement;
      if (!el || !/\S/.test(t.data) || el.closest("script,style,template,noscript")) continue;
      if (skip.some((s) => s.contains(el))) continue;
      add(el);
    }
    for (const el of root.querySelectorAll(REPLACED)) {
      if (!skip.some((s) => s.contains(el))) add(el);
    }
    for (const s of skip) if (s !== region && (isDoc || region.contains(s))) add(s);
    spans.sort((p, q) => p[0] - q[0]);
    let end = 0, blank = 0;
    for (const [a, b] of spans) {
      if (a > end) blank = Math.max(blank, a - end);
      end = Math.max(end, b);
    }
    return [height, Math.max(blank, height - end)];
  };
  if (!drawnOnly && document.body) {
    const inner = [];
    const all = document.body.getElementsByTagName("*");
    for (let i = 0; i < Math.min(all.length, OPENER_SCAN); i++) {
      const el = all[i];
      // (a region taller than the window does not scroll: the window does)
      const h = el.clientHeight;
      if (h <= 0 || h > window.innerHeight || el.scrollHeight < 2 * h) continue;
      if (!/^(auto|scroll|overlay)$/.test(styleOf(el).overflowY)) continue;
      inner.push(el);
    }
    for (const el of inner) {
      const [height, blank] = blankOf(el, false, inner.filter((o) => o !== el && el.contains(o)));
      if (blank >= el.clientHeight) {
        scrollRegions.push({ selector: nthPath(el, true), height, view: el.clientHeight, blank });
      }
    }
    const view = window.innerHeight;
    const [height, blank] = blankOf(null, true, inner);
    if (height >= 2 * view && blank >= view) {
      scrollRegions.push({ selector: "", height, view, blank });
    }
  }

  // The document's HTML without the text of very large inline scripts (an application's code
  // or its whole data store embedded in the page): what the page shows stays, and a state of
  // such an application costs kilobytes instead of megabytes.
  const pageHtml = () => {
    const root = document.documentElement;
    if (!root) return "";
    let html = root.outerHTML;
    for (const s of document.getElementsByTagName("script")) {
      const text = s.textContent;
      if (text.length > SCRIPT_CAP) html = html.replace(text, "");
    }
    return html;
  };
  const nav = performance.getEntriesByType("navigation")[0];
  return JSON.stringify({
    url: document.URL,
    title: collapse(document.title),
    status: nav && nav.responseStatus ? nav.responseStatus : 0,
    content_type: document.contentType || "",
    links,
    paths,
    styles,
    controls,
    openers,
    scroll_regions: scrollRegions,
    html: drawnOnly ? "" : pageHtml(),
    requests: window.__siteseer && window.__siteseer.requests ? window.__siteseer.requests : [],
  });
}
