import type { components, paths } from "./generated/ludus";

export type { components, paths };

type Schemas = components["schemas"];
type Json<Operation> = Operation extends { content: { "application/json": infer Body } } ? Body : never;

export type Notification = Schemas["Notification"];
export type Action = Schemas["Action"];

/** A refusal: the RFC 9457 problem ludus answered with. */
export class LudusError extends Error {
  problem: Schemas["Problem"];
}

export class Ludus {
  /** A client of the ludus at `baseUrl`, as the account whose `key` (lk_...) is given, or as nobody. */
  constructor(baseUrl: string, options?: { key?: string });
  baseUrl: string;
  key?: string;
  request(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<unknown>;
  titles(): Promise<Json<paths["/v1/titles"]["get"]["responses"][200]>>;
  createAccount(
    name: string,
    kind: Schemas["AccountKind"],
  ): Promise<Json<paths["/v1/accounts"]["post"]["responses"][201]>>;
  createGame(
    game: Json<paths["/v1/games"]["post"]["requestBody"]>,
  ): Promise<Json<paths["/v1/games"]["post"]["responses"][201]>>;
  join(game: string, seat: string): Promise<unknown>;
  play(
    game: string,
    seat: string,
    action: Action,
    options?: { expectedVersion?: number },
  ): Promise<Json<paths["/v1/games/{id}/actions"]["post"]["responses"][200]>>;
  notifications(options?: { lastEventId?: string }): Promise<AsyncIterable<Notification>>;
}
