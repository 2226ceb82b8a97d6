// The table's API, with the console key. A network failure throws Offline; any HTTP answer
// (refusals included) comes back as {ok, status, body, date}. A GET whose answer had an ETag
// is asked again with it: "304, nothing new" comes back with a null body.

import { gettext, say } from "./format.js";

export class Offline extends Error {}

const TIMEOUT_MS = 10000;

export class Api {
  constructor(key) {
    // The bank's words (previews, the ledger's lines, refusals) in the page's language:
    // the API is asked without cookies, so the switcher's choice goes as Accept-Language.
    this.headers = {
      Authorization: `Table ${key}`,
      Accept: "application/json",
      "Accept-Language": document.documentElement.lang || "en",
    };
    this.tags = new Map();
  }

  /** A GET; `extra` headers ride along (the state poll's heartbeat). */
  get(path, extra) {
    return this.call("GET", path, undefined, extra);
  }

  /** A POST; `extra` headers ride along. */
  post(path, body, extra) {
    return this.call("POST", path, body, extra);
  }

  async call(method, path, body, extra) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
    let response;
    try {
      response = await fetch(path, {
        method,
        headers: {
          ...this.headers,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(this.tags.has(path) ? { "If-None-Match": this.tags.get(path) } : {}),
          ...extra,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
        credentials: "omit",
        signal: abort.signal,
      });
    } catch (error) {
      throw new Offline(error.message);
    } finally {
      clearTimeout(timer);
    }
    const tag = response.headers.get("ETag");
    if (tag && method === "GET") this.tags.set(path, tag);
    let data = null;
    try {
      if (response.status !== 304) data = await response.json();
    } catch {
      data = { error: "unreadable", detail: say(gettext("The server answered %(status)s."), { status: response.status }) };
    }
    const date = Date.parse(response.headers.get("Date") || "");
    return { ok: response.ok, status: response.status, body: data, date: Number.isNaN(date) ? null : date };
  }
}
