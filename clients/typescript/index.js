// A small client for ludus over fetch (Node 20 and later, browsers), without dependencies: the calls a bot makes,
// typed in index.d.ts by the types openapi-typescript generates from ludus's OpenAPI document. Every other operation
// is one `request` away, its answer typed by the caller with `paths`.

/** A refusal: the RFC 9457 problem ludus answered with. */
export class LudusError extends Error {
  constructor(problem) {
    super(`${problem.status} ${problem.code}: ${problem.detail ?? problem.title}`);
    this.problem = problem;
  }
}

export class Ludus {
  constructor(baseUrl, { key } = {}) {
    this.baseUrl = baseUrl.replace(/\/$/, "");
    this.key = key;
  }

  /** Calls `method path` with `body` as JSON and `headers`; the JSON answer (or null for none), else a LudusError. */
  async request(method, path, { body, headers } = {}) {
    const answer = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(this.key ? { Authorization: `Bearer ${this.key}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    const parsed = text ? JSON.parse(text) : null;
    if (!answer.ok) throw new LudusError(parsed ?? { status: answer.status, code: "no_body", title: answer.statusText });
    return parsed;
  }

  titles() {
    return this.request("GET", "/v1/titles");
  }

  createAccount(name, kind) {
    return this.request("POST", "/v1/accounts", { body: { name, kind } });
  }

  createGame(game) {
    return this.request("POST", "/v1/games", { body: game });
  }

  join(game, seat) {
    return this.request("POST", `/v1/games/${game}/seats/${seat}/join`, { body: {} });
  }

  /** Plays `action` for `seat` (of this account) in `game`, with an idempotency key and the short answer. */
  play(game, seat, action, { expectedVersion } = {}) {
    return this.request("POST", `/v1/games/${game}/actions`, {
      body: expectedVersion === undefined ? { action } : { action, expected_version: expectedVersion },
      headers: { "X-Ludus-Seat": seat, "Idempotency-Key": crypto.randomUUID(), Prefer: "return=minimal" },
    });
  }

  /** The account's notifications (GET /v1/accounts/me/stream, NDJSON), from `lastEventId` if given, once the stream
   * is open: an async iterable of them as they come. */
  async notifications({ lastEventId } = {}) {
    const answer = await fetch(`${this.baseUrl}/v1/accounts/me/stream`, {
      headers: {
        Authorization: `Bearer ${this.key}`,
        Accept: "application/x-ndjson",
        ...(lastEventId ? { "Last-Event-ID": lastEventId } : {}),
      },
    });
    if (!answer.ok) throw new LudusError(await answer.json());
    return lines(answer.body);
  }
}

/** The JSON lines of `body`, keep-alive blank lines left out. */
async function* lines(body) {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    const complete = pending.split("\n");
    pending = complete.pop();
    for (const line of complete) if (line.trim()) yield JSON.parse(line);
  }
}
