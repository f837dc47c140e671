// Preload (node --require ./src/no-network.cjs): refuse and report every
// outbound connection or DNS lookup that is not loopback, so a conformance run
// proves the framework makes no network call (telemetry, model catalogues…).
"use strict";
const net = require("node:net");
const dns = require("node:dns");

const LOOPBACK = /^(127\.|::1$|localhost$|::ffff:127\.)/;
const attempts = [];
globalThis.__parleyNetworkAttempts = attempts;

function report(kind, target) {
  const entry = { kind, target: String(target), at: new Date().toISOString() };
  attempts.push(entry);
  process.stderr.write(`[no-network] blocked ${kind} ${entry.target}\n`);
}

const origConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  let opts = args[0];
  if (Array.isArray(opts)) opts = opts[0];
  let host;
  if (opts && typeof opts === "object") host = opts.path ? "unix" : opts.host ?? "localhost";
  else if (typeof opts === "number") host = typeof args[1] === "string" ? args[1] : "localhost";
  else if (typeof opts === "string") host = "unix";
  if (host && host !== "unix" && !LOOPBACK.test(host)) {
    report("connect", `${host}:${opts?.port ?? opts}`);
    const err = Object.assign(new Error(`network disabled: ${host}`), { code: "ENETUNREACH" });
    process.nextTick(() => this.destroy(err));
    return this;
  }
  return origConnect.apply(this, args);
};

for (const mod of [dns, dns.promises]) {
  const origLookup = mod.lookup;
  mod.lookup = function (hostname, ...rest) {
    if (!LOOPBACK.test(String(hostname))) {
      report("dns", hostname);
      const err = Object.assign(new Error(`network disabled: ${hostname}`), { code: "ENOTFOUND" });
      const cb = rest.find((a) => typeof a === "function");
      if (cb) return process.nextTick(() => cb(err));
      return Promise.reject(err);
    }
    return origLookup.call(this, hostname, ...rest);
  };
}

// undici (global fetch) resolves through dns.lookup and connects through net,
// so both hooks above cover it as well.
