// siteseer's settle probe, installed with context.add_init_script so it runs before page scripts.
// It counts DOM mutations after DOMContentLoaded (a MutationObserver on the document),
// fetch/XHR requests and WebSockets (until they open) in flight, pending short timers and animation frames (setTimeout ≤ 1 s,
// requestAnimationFrame; up to three hops of callbacks that schedule callbacks) and running short
// intervals, and exposes window.__siteseer.settle(quietMs, fastMs, capMs, afterAction) → Promise<JSON string>.
(() => {
  if (window.__siteseer) return;
  const now = () => performance.now();
  const ACTED_QUIET_MS = 60;
  const origSetTimeout = window.setTimeout.bind(window);
  const origClearTimeout = window.clearTimeout.bind(window);
  const st = {
    inflight: 0, timers: 0, intervals: 0, mutations: 0, last: 0, dcl: -1, navAt: -1, settle: null,
    drawn: -1, freed: -1,
    inputAt: -1,
    requests: [],
  };
  Object.defineProperty(window, "__siteseer", { value: st, enumerable: false });
  const touch = () => { st.last = now(); };
  // Waiting settles re-check at once when something they wait for ends (a request, a timer,
  // the load event) instead of on their next poll.
  const wakers = new Set();
  const wake = () => { for (const w of wakers) w(); };
  document.addEventListener("readystatechange", wake);

  // Mutations count from DOMContentLoaded on (the parser's own insertions before it do not
  // matter for the quiet window and would only cost time). This listener is registered before
  // any page script's, so whatever their DOMContentLoaded handlers change is seen.
  const observe = () => {
    new MutationObserver((records) => { st.mutations += records.length; touch(); st.drawn = st.last; })
      .observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => { st.dcl = now(); observe(); }, { once: true });
  } else {
    st.dcl = now();
    observe();
  }
  // A navigation away from the document starting (a form that submits, a link, a script or a
  // meta refresh going elsewhere): the Navigation API's navigate event. A beforeunload listener
  // would tell as much, but it costs every navigation away from the page (each page.goto of a
  // crawl) a round trip from the browser into the page first, about 2 ms of CPU a page: it is
  // the fallback where the API is missing. A navigation a page's router intercepts stays in the
  // document (its current entry changes at once) and is not waited for as one.
  const nav = window.navigation;
  if (nav && typeof nav.addEventListener === "function") {
    nav.addEventListener("navigate", (e) => {
      if (!e.destination.sameDocument && e.downloadRequest === null) st.navAt = now();
    });
    nav.addEventListener("currententrychange", () => { st.navAt = -1; });
  } else {
    window.addEventListener("beforeunload", () => { st.navAt = now(); });
  }
  // The last user input (an action's click, key or change), seen before any page handler.
  for (const type of ["pointerdown", "mousedown", "click", "keydown", "input", "change"]) {
    window.addEventListener(type, () => { st.inputAt = now(); }, { capture: true });
  }

  // The fetch/XHR requests the document sent, in order (method and absolute URL; the last
  // MAX_REQUESTS): what an action asked of the server, for a caller that may ask it directly.
  const MAX_REQUESTS = 200;
  const record = (method, url) => {
    try {
      st.requests.push([String(method || "GET").toUpperCase(), new URL(String(url), document.baseURI).href]);
      if (st.requests.length > MAX_REQUESTS) st.requests.shift();
    } catch (e) { /* an unparsable URL is not recorded */ }
  };
  const BODY_READS = ["json", "text", "arrayBuffer", "blob", "formData"];
  const trackBody = (response) => {
    if (!response || typeof response !== "object") return;
    for (const name of BODY_READS) {
      const read = response[name];
      if (typeof read !== "function") continue;
      response[name] = function (...args) {
        st.inflight++; touch();
        let over = false;
        const end = () => {
          if (!over) { over = true; st.inflight--; touch(); st.freed = st.last; wake(); }
        };
        let q;
        try { q = read.apply(this, args); } catch (e) { end(); throw e; }
        q.then(end, end);
        return q;
      };
    }
  };
  const origFetch = window.fetch;
  if (origFetch) {
    window.fetch = function (...args) {
      st.inflight++; touch();
      let settled = false;
      const done = () => {
        if (!settled) { settled = true; st.inflight--; touch(); st.freed = st.last; wake(); }
      };
      try {
        const input = args[0], init = args[1] || {};
        const isRequest = typeof Request !== "undefined" && input instanceof Request;
        record(init.method || (isRequest ? input.method : "GET"), isRequest ? input.url : input);
      } catch (e) { /* recording never breaks the page's request */ }
      let p;
      try { p = origFetch.apply(this, args); } catch (e) { done(); throw e; }
      // Reading the body is part of the request: a script that draws from `r.json()` draws
      // after that read, so the body read the page starts on the response counts as in flight
      // (it starts in a microtask, before any settle check runs).
      p.then((response) => { try { trackBody(response); } catch (e) { /* keep the page's */ } done(); }, done);
      return p;
    };
  }
  // A WebSocket is in flight until it opens (or fails): its handshake is the request, and a
  // checked one (render/guard.py) opens only once the crawler has answered.
  const Socket = window.WebSocket;
  if (Socket) {
    window.WebSocket = new Proxy(Socket, {
      construct(target, args, newTarget) {
        const socket = Reflect.construct(target, args, newTarget);
        st.inflight++; touch();
        let settled = false;
        const done = () => {
          if (!settled) { settled = true; st.inflight--; touch(); st.freed = st.last; wake(); }
        };
        for (const event of ["open", "close", "error"]) socket.addEventListener(event, done);
        return socket;
      },
    });
  }
  const XHR = window.XMLHttpRequest;
  if (XHR) {
    const send = XHR.prototype.send;
    const open = XHR.prototype.open;
    XHR.prototype.open = function (method, url, ...rest) {
      this.__siteseerRequest = [method, url];
      return open.call(this, method, url, ...rest);
    };
    XHR.prototype.send = function (...args) {
      if (this.__siteseerRequest) record(this.__siteseerRequest[0], this.__siteseerRequest[1]);
      st.inflight++; touch();
      let settled = false;
      const done = () => {
        if (!settled) { settled = true; st.inflight--; touch(); st.freed = st.last; wake(); }
      };
      this.addEventListener("loadend", done);
      try { return send.apply(this, args); } catch (e) { done(); throw e; }
    };
  }

  const pending = new Set();
  let depth = 0;
  window.setTimeout = function (fn, delay, ...rest) {
    const d = Number(delay) || 0;
    if (typeof fn !== "function" || d > 1000 || depth >= 3) return origSetTimeout(fn, delay, ...rest);
    const myDepth = depth + 1;
    let id = 0;
    const wrapped = function () {
      if (pending.delete(id)) st.timers--;
      const outer = depth;
      depth = myDepth;
      try { return fn.apply(this, rest); } finally { depth = outer; st.freed = now(); wake(); }
    };
    id = origSetTimeout(wrapped, delay);
    pending.add(id);
    st.timers++;
    return id;
  };
  window.clearTimeout = function (id) {
    if (pending.delete(id)) st.timers--;
    return origClearTimeout(id);
  };
  // Animation frames count like short timers (up to three hops: endless loops are not waited for).
  const origRaf = window.requestAnimationFrame && window.requestAnimationFrame.bind(window);
  const origCancelRaf = window.cancelAnimationFrame && window.cancelAnimationFrame.bind(window);
  if (origRaf) {
    const frames = new Set();
    window.requestAnimationFrame = function (fn) {
      if (typeof fn !== "function" || depth >= 3) return origRaf(fn);
      const myDepth = depth + 1;
      let id = 0;
      id = origRaf(function (ts) {
        if (frames.delete(id)) st.timers--;
        const outer = depth;
        depth = myDepth;
        try { return fn.call(this, ts); } finally { depth = outer; wake(); }
      });
      frames.add(id);
      st.timers++;
      return id;
    };
    window.cancelAnimationFrame = function (id) {
      if (frames.delete(id)) st.timers--;
      return origCancelRaf(id);
    };
  }
  // Short intervals do not block settling, but a page running one gets the full quiet window.
  const origSetInterval = window.setInterval.bind(window);
  const origClearInterval = window.clearInterval.bind(window);
  const repeating = new Set();
  window.setInterval = function (fn, delay, ...rest) {
    const id = origSetInterval(fn, delay, ...rest);
    if ((Number(delay) || 0) <= 1000) { repeating.add(id); st.intervals++; }
    return id;
  };
  window.clearInterval = function (id) {
    if (repeating.delete(id)) st.intervals--;
    return origClearInterval(id);
  };

  // Resolve once the page has been quiet long enough, or when capMs has passed.
  // Quiet: no fetch/XHR in flight, no pending short timer, document loaded (waited for at most
  // 2 s), no navigation starting, and no mutation for `quietMs` — or for only `fastMs` when
  // nothing at all happened since DOMContentLoaded (static pages) and this is not after an action.
  // After an action whose effect has been seen (a mutation or a request since its input event)
  // and has ended (nothing in flight, no pending short timer), ACTED_QUIET_MS of quiet is
  // enough: what the action started is over. An action with no visible effect yet still waits
  // `quietMs`.
  // A page that shows no text at all is not drawn yet (an application's shell whose script is
  // still building it: a large bundle's first render, data still being read): it is waited
  // for up to BLANK_WAIT_MS from the settle's start (half the cap at most: a page that stays
  // blank is no capped settle), whatever the quiet window says.
  const BLANK_WAIT_MS = 2000;
  const blank = () => {
    const body = document.body;
    return !body || !(body.innerText || "").trim();
  };
  st.settle = (quietMs, fastMs, capMs, afterAction) => new Promise((resolve) => {
    const start = now();
    let timer = 0;
    const schedule = (ms) => { origClearTimeout(timer); timer = origSetTimeout(check, ms); };
    const waker = () => schedule(0);
    wakers.add(waker);
    const finish = (value) => { wakers.delete(waker); origClearTimeout(timer); resolve(value); };
    const check = () => {
      const t = now();
      const loading = document.readyState !== "complete" && t - start < 2000;
      const navigating = st.navAt >= 0 && t - st.navAt < 3000;
      const busy = st.inflight > 0 || st.timers > 0 || loading || navigating;
      const origin = afterAction ? start : Math.max(st.dcl, 0);
      const active = afterAction || st.intervals > 0 || (st.dcl >= 0 && st.last > st.dcl);
      const acted = afterAction && st.inputAt >= 0 && st.last > st.inputAt;
      const need = acted ? Math.min(quietMs, ACTED_QUIET_MS) : active ? quietMs : fastMs;
      const ref = Math.max(st.last, origin);
      const result = (capped) => JSON.stringify({
        ms: t - start, capped, mutations: st.mutations, inflight: st.inflight, timers: st.timers,
        // How long the page took to draw after the last request or timer it waited for ended.
        gap: st.drawn > Math.max(st.freed, start) ? st.drawn - Math.max(st.freed, start) : 0,
      });
      if (!busy && t - ref >= need && !(t - start < Math.min(BLANK_WAIT_MS, capMs / 2) && blank())) {
        finish(result(false));
        return;
      }
      if (t - start >= capMs) { finish(result(true)); return; }
      const wait = busy ? 20 : Math.max(1, need - (t - ref));
      schedule(Math.min(wait, Math.max(1, capMs - (t - start))));
    };
    check();
  });

  // Load more in the page itself: click the control (or scroll to the bottom when `selector` is
  // empty), settle for `quietMs` after each click, until the control is gone or hidden, the page
  // stops growing, or `rounds` clicks are done. One round trip for the whole loop instead of
  // several per click. A control that would navigate (a link to another document) is left to
  // the caller ({fallback: true}). When a click did not grow the page but the control is still
  // shown, the page gets a longer quiet window (`confirmMs`) before the loop gives up; growth
  // then counts as `late` (the short window was too short for this site).
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const navigates = (el) => {
    const a = el.closest("a[href]");
    if (!a) return false;
    const href = a.getAttribute("href") || "";
    return !(href === "" || href.startsWith("#") || href.toLowerCase().startsWith("javascript:"));
  };
  const size = () => document.getElementsByTagName("*").length;
  const shown = (selector) => {
    const el = selector ? document.querySelector(selector) : null;
    return el !== null && visible(el);
  };
  // Click a control inside the page and settle, in one round trip: `selector`'s first element,
  // when it is shown and would not navigate; null otherwise (the caller clicks from outside,
  // where Playwright scrolls, waits and reports what stands in the way).
  st.click = async (selector, quietMs, capMs) => {
    const el = document.querySelector(selector);
    if (!el || !visible(el) || navigates(el) || el.disabled) return null;
    const type = (el.getAttribute("type") || "").toLowerCase();
    const submits = el.form && (type === "submit" || type === "image" ||
      (el.localName === "button" && type === ""));
    if (submits) return null;
    el.click();
    return await st.settle(quietMs, quietMs, capMs, true);
  };
  // The quiet window starts at `quietMs` (what the caller knows of the site) and, after three
  // clicks, follows this loop's own draw gaps: `factor` × their `quantile`, at least `floorMs`,
  // at most `maxMs` (the caller's SettleLearner applies the same rule across loads).
  st.loadMore = async (
    selector, rounds, quietMs, confirmMs, capMs, floorMs, factor, quantile, maxMs,
  ) => {
    const start = now();
    const left = () => capMs - (now() - start);
    const out = { steps: 0, ms: [], gap: [], late: 0, capped: false, fallback: false };
    const windowMs = () => {
      if (out.gap.length < 3) return quietMs;
      const sorted = out.gap.slice().sort((a, b) => a - b);
      const typical = sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))];
      return Math.min(maxMs, Math.max(floorMs, factor * typical));
    };
    let grown = size();
    for (let i = 0; i < rounds; i++) {
      let el = null;
      if (selector) {
        el = document.querySelector(selector);
        if (!el || !visible(el)) break;
        if (navigates(el)) { out.fallback = out.steps === 0; break; }
      }
      if (left() <= 0) { out.capped = true; break; }
      if (el) el.click(); else window.scrollTo(0, document.documentElement.scrollHeight);
      out.steps++;
      const w = windowMs();
      const r = JSON.parse(await st.settle(w, w, Math.max(1, left()), true));
      out.ms.push(r.ms);
      out.gap.push(r.gap);
      out.capped = out.capped || r.capped;
      if (size() > grown) { grown = size(); continue; }
      if (!shown(selector) || left() <= 0) break;
      const c = JSON.parse(await st.settle(confirmMs, confirmMs, Math.max(1, left()), true));
      out.capped = out.capped || c.capped;
      if (size() <= grown) break;
      out.late++;
      out.gap[out.gap.length - 1] = r.ms + c.gap;
      grown = size();
    }
    out.mutations = st.mutations;
    return JSON.stringify(out);
  };
  // Scroll a region (`selector`'s element; the document when empty) a view at a time, settling
  // after each step, until it reaches its end, two steps in a row drew nothing new (a step
  // that drew nothing gets SCROLL_CONFIRM_MS more first: rows drawn late are not scrolled
  // past), `rounds` steps are done or `capMs` has passed; what each step drew (extract.js "drawn": links and
  // openers) is kept, once each, in extract.js's form: a virtualised list draws only the rows
  // in view and takes the others out of the document. `drawn` is null when the page has no
  // extraction to call; the loop then does not run (the caller says why).
  const SCROLL_CONFIRM_MS = 1000;
  st.scrollList = async (selector, rounds, quietMs, capMs, floorMs, factor, quantile, maxMs) => {
    const doc = !selector;
    const region = doc ? (document.scrollingElement || document.documentElement)
      : document.querySelector(selector);
    const out = { steps: 0, ms: [], gap: [], capped: false, found: region !== null,
      drawn: null };
    const extract = st.extract;
    if (!region || !extract) return JSON.stringify(out);
    const start = now();
    const left = () => capMs - (now() - start);
    const windowMs = () => {
      if (out.gap.length < 3) return quietMs;
      const sorted = out.gap.slice().sort((a, b) => a - b);
      const typical = sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))];
      return Math.min(maxMs, Math.max(floorMs, factor * typical));
    };
    const acc = { url: document.URL, title: "", status: 0, content_type: "", html: "",
      controls: [], links: [], paths: [], styles: [], openers: [], requests: [] };
    const pathAt = new Map(), styleAt = new Map(), seen = new Set();
    // Where the region's content starts in the document (its items' boxes are the document's).
    const origin = () => (doc ? 0 : region.getBoundingClientRect().top + window.scrollY -
      region.scrollTop);
    // Each step keeps what it drew and returns how far the drawn items reach down the region
    // without a gap from the top of its view: a list that draws rows beyond the view (its
    // overscan) lets the next step start further down.
    const keep = (top, height) => {
      const r = JSON.parse(extract("drawn"));
      const o = origin();
      const spans = [];
      for (const row of r.links) if (row[6] > 0) spans.push([row[4] - o, row[4] + row[6] - o]);
      for (const it of r.openers) {
        if (it.box.h > 0) spans.push([it.box.y - o, it.box.y + it.box.h - o]);
      }
      spans.sort((p, q) => p[0] - q[0]);
      let reach = top + height;
      for (const [a, b] of spans) {
        if (b <= top) continue;
        if (a > reach) break;
        reach = Math.max(reach, b);
      }
      let added = 0;
      for (const row of r.links) {
        const path = r.paths[row[2]], style = r.styles[row[7]];
        const key = row[0] + "\u0001" + path[2];
        if (seen.has(key)) continue;
        seen.add(key);
        const pk = path.join("\u0001"), sk = JSON.stringify(style);
        if (!pathAt.has(pk)) { pathAt.set(pk, acc.paths.length); acc.paths.push(path); }
        if (!styleAt.has(sk)) { styleAt.set(sk, acc.styles.length); acc.styles.push(style); }
        const copy = row.slice();
        copy[2] = pathAt.get(pk);
        copy[7] = styleAt.get(sk);
        acc.links.push(copy);
        added++;
      }
      for (const it of r.openers) {
        const key = "\u0002" + it.path_values + "\u0001" + it.text + "\u0001" +
          JSON.stringify(it.attrs);
        if (seen.has(key)) continue;
        seen.add(key);
        acc.openers.push(it);
        added++;
      }
      return [added, reach];
    };
    const position = () => (doc ? window.scrollY : region.scrollTop);
    const view = () => (doc ? window.innerHeight : region.clientHeight);
    await st.settle(quietMs, quietMs, Math.max(1, left()), true);  // (a resize before)
    let [, reach] = keep(position(), view());
    let idle = 0;
    for (let i = 0; i < rounds; i++) {
      if (left() <= 0) { out.capped = true; break; }
      const before = position(), v = view();
      const to = Math.max(before + Math.floor(0.9 * v), Math.floor(reach - 0.1 * v));
      if (doc) window.scrollTo(0, to); else region.scrollTop = to;
      out.steps++;
      const w = windowMs();
      const r = JSON.parse(await st.settle(w, w, Math.max(1, left()), true));
      out.ms.push(r.ms);
      out.gap.push(r.gap);
      out.capped = out.capped || r.capped;
      let [added, next] = keep(position(), v);
      if (!added && left() > 0) {  // drawn late? once more before scrolling on past its rows
        const c = JSON.parse(await st.settle(SCROLL_CONFIRM_MS, SCROLL_CONFIRM_MS,
          Math.max(1, left()), true));
        out.capped = out.capped || c.capped;
        [added, next] = keep(position(), v);
      }
      reach = next;
      idle = added ? 0 : idle + 1;
      if (idle >= 2) break;
      const end = doc ? document.documentElement.scrollHeight - window.innerHeight
        : region.scrollHeight - region.clientHeight;
      if (position() <= before && position() >= end - 1) break;  // the end, and it did not grow
    }
    out.mutations = st.mutations;
    out.drawn = JSON.stringify(acc);
    return JSON.stringify(out);
  };
})();
