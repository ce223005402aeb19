// Compiled under `tsc --strict` against the types openapi-typescript generates (generated/ludus.d.ts): a typed use
// of the main operations, so that a document change that breaks a TypeScript client fails the check.
import type { components, paths } from "./generated/ludus";

type Schemas = components["schemas"];

export const create: paths["/v1/games"]["post"]["requestBody"]["content"]["application/json"] = {
  title: "caesar-cleopatra",
  players: 2,
  seed: 42,
  options: { manipulation_pile: "shuffled" },
};

export const move: Schemas["PlayRequest"] = {
  action: { type: "place_initial", card: 1, group: "senators" },
  expected_version: 9,
};

type Game = paths["/v1/games/{id}"]["get"]["responses"][200]["content"]["application/json"];

export function seatToAct(game: Game): string | undefined {
  return game.status === "active" ? game.to_act[0] : undefined;
}

export function problemCode(problem: Schemas["Problem"]): string {
  return `${problem.status} ${problem.code}`;
}

export function legalActionTypes(game: Game): string[] {
  return (game.legal_actions ?? []).map((action: Schemas["Action"]) => action.type);
}
