// A worker's WebSockets pass the crawl's checks: Playwright's WebSocket routing reaches the
// page's own sockets only, and CDP Fetch never sees a handshake. In a worker this guard runs
// before the worker's own script (the guard prepends it to every worker script the page's
// Fetch sees, render/guard.py): each `new WebSocket(url)` first asks the guard, by a synchronous
// request to CHECK that the page's Fetch answers (204: it may connect), and a refused one (or
// one nobody answers: the request fails, .invalid never resolves) becomes a socket to an
// address that never resolves, which errs and closes at once. Workers whose script the page's
// Fetch does not see (one made from a blob: or data: URL, one a worker starts) are started
// from their script with this guard in front, read synchronously (their own URL does not
// change for a blob: or data: one; a worker a worker starts gets a blob: URL).
(function siteseerWorkerGuard() {
  const scope = self;
  if (Object.prototype.hasOwnProperty.call(scope, "__siteseerWorkers")) return;
  Object.defineProperty(scope, "__siteseerWorkers", { value: true });
  const CHECK = "https://siteseer.invalid/websocket?url=";
  const REFUSED = "wss://refused.siteseer.invalid/";
  const source = `(${siteseerWorkerGuard.toString()})();\n`;
  const inWorker =
    typeof WorkerGlobalScope !== "undefined" && scope instanceof WorkerGlobalScope;
  const Request = scope.XMLHttpRequest;
  const read = (url) => {
    const request = new Request();
    request.open("GET", url, false);
    request.send();
    return request.status === 200 || request.status === 0 ? request.responseText : null;
  };
  const Socket = scope.WebSocket;
  if (inWorker && typeof Socket === "function") {
    const allowed = (url) => {
      try {
        const request = new Request();
        request.open("GET", CHECK + encodeURIComponent(url), false);
        request.send();
        return request.status === 204;
      } catch (e) {
        return false;
      }
    };
    const WebSocket = function WebSocket(url, protocols) {
      if (!new.target) return Socket(url, protocols); // throws as the browser's does
      let target = String(url);
      try {
        target = new URL(target, scope.location.href).href;
      } catch (e) {
        return Reflect.construct(Socket, [url, protocols], new.target); // throws
      }
      const args = protocols === undefined ? [url] : [url, protocols];
      return Reflect.construct(Socket, allowed(target) ? args : [REFUSED], new.target);
    };
    WebSocket.prototype = Socket.prototype;
    for (const state of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) {
      Object.defineProperty(WebSocket, state, { value: Socket[state], enumerable: true });
    }
    scope.WebSocket = WebSocket;
  }
  const Native = scope.Worker;
  if (typeof Native === "function") {
    const Guarded = function Worker(url, options) {
      if (!new.target) return Native(url, options); // throws as the browser's does
      let target;
      try {
        target = new URL(String(url), scope.location.href);
      } catch (e) {
        return Reflect.construct(Native, [url, options], new.target); // throws
      }
      const seen = target.protocol === "http:" || target.protocol === "https:";
      if (seen && !inWorker) return Reflect.construct(Native, [url, options], new.target);
      let text = null;
      try {
        text = read(target.href);
      } catch (e) {
        text = null;
      }
      if (text === null) throw new DOMException(`${target.href} cannot be read`, "SecurityError");
      const code = source + text;
      const start =
        target.protocol === "data:"
          ? `data:text/javascript,${encodeURIComponent(code)}`
          : URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
      return Reflect.construct(Native, [start, options], new.target);
    };
    Guarded.prototype = Native.prototype;
    scope.Worker = Guarded;
  }
})();
