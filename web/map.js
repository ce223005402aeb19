// Rome et Carthage's map as SVG, from `GET /v1/titles/rome-carthage/map`: the four States as tinted lands around their
// cities, roads, coasts and sea routes, each city ringed in its State's colour and filled with its holder's, the
// pieces on their cities, pending combats and occupied capitals marked. Board elements are handed to `pick` so that a
// move can be made by clicking them (picker.js).

import {el} from "./api.js";

const WIDTH = 900;
const MARGIN = 34;
/** Names are written to the right of their city: the eastmost ones need room. */
const EAST_MARGIN = 78;
/** The map is stretched north-south: the Mediterranean is long and thin, and its cities would crowd on a phone. */
const STRETCH = 1.55;
/** Cities closer than this on the board are pushed apart, so that every city and piece can be clicked. */
const SPACING = 34;
const CITY_RADIUS = 13;
const CAPITAL_RADIUS = 16;
const PIECE_RADIUS = 9.5;

/** The States' colours, dark enough for white letters on them. */
export const STATE_COLOURS = {rome: "#b3261e", carthage: "#6a3d9a", byzance: "#1f5fa8", alexandrie: "#8a6100"};
/** Light tints of the same colours: the lands and the empty cities of each State. */
const STATE_TINTS = {rome: "#f3d2cf", carthage: "#e3d6ef", byzance: "#d2e1f3", alexandrie: "#f0e2bd"};

/** Each city's place on the board (longitude and latitude to the SVG's box, then close cities pushed apart), the
 * board's height and where each name goes. */
function layout(cities) {
  const lons = cities.map((city) => city.lon);
  const lats = cities.map((city) => city.lat);
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const scale = (WIDTH - MARGIN - EAST_MARGIN) / (east - west);
  const points = cities.map((city) => [MARGIN + (city.lon - west) * scale, MARGIN + (north - city.lat) * scale * STRETCH]);
  // A few rounds of pushing each too-close pair apart, half the missing distance each: deterministic, and it keeps
  // the map recognisable since only the crowded places (Tarente and Brindes, the Bosphorus...) move.
  for (let round = 0; round < 60; round += 1) {
    for (let i = 0; i < points.length; i += 1) {
      for (let j = i + 1; j < points.length; j += 1) {
        const [dx, dy] = [points[j][0] - points[i][0], points[j][1] - points[i][1]];
        const distance = Math.hypot(dx, dy) || 0.01;
        if (distance >= SPACING) continue;
        const push = (SPACING - distance) / 2 / distance;
        points[i][0] -= dx * push;
        points[i][1] -= dy * push;
        points[j][0] += dx * push;
        points[j][1] += dy * push;
      }
    }
  }
  const top = Math.min(...points.map(([, y]) => y)) - MARGIN;
  const height = Math.max(...points.map(([, y]) => y)) + MARGIN - top;
  const place = Object.fromEntries(cities.map((city, index) => [city.id, [points[index][0], points[index][1] - top]]));
  return {height, place, labels: placeLabels(cities, place, height)};
}

/** Each map's layout, worked out once: the board is drawn again after every move. */
const layouts = new WeakMap();

const radiusOf = (city) => (city.is_capital ? CAPITAL_RADIUS : CITY_RADIUS);

/** Where each city's name goes: beside, above or below it, wherever it covers the fewest cities and names already
 * placed (capitals first), so that the crowded coasts stay readable. Returns the text's attributes per city. */
function placeLabels(cities, place, height) {
  const boxes = cities.map((city) => {
    const [x, y] = place[city.id];
    const r = radiusOf(city) + 3;
    return [x - r - 6, y - r - 6, x + r, y + r];
  });
  const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) *
    Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const placed = [];
  const labels = {};
  const order = [...cities].sort((a, b) => Number(b.is_capital) - Number(a.is_capital));
  for (const city of order) {
    const [x, y] = place[city.id];
    const r = radiusOf(city);
    const size = city.is_capital ? 12.5 : 11;
    const width = city.name.length * size * 0.56;
    const candidates = [
      {text: {x: x + r + 3, y: y + size * 0.35, "text-anchor": "start"}, box: [x + r + 3, y - size * 0.6, x + r + 3 + width, y + size * 0.45]},
      {text: {x: x - r - 3, y: y + size * 0.35, "text-anchor": "end"}, box: [x - r - 3 - width, y - size * 0.6, x - r - 3, y + size * 0.45]},
      {text: {x, y: y - r - 5, "text-anchor": "middle"}, box: [x - width / 2, y - r - 5 - size, x + width / 2, y - r - 4]},
      {text: {x, y: y + r + size + 1, "text-anchor": "middle"}, box: [x - width / 2, y + r + 1, x + width / 2, y + r + size + 3]},
    ];
    const cost = (candidate) => {
      const [left, top, right, bottom] = candidate.box;
      const outside = (left < 0 || right > WIDTH || top < 0 || bottom > height) ? 1e6 : 0;
      return outside + [...boxes, ...placed].reduce((sum, box) => sum + overlap(candidate.box, box), 0);
    };
    // The first candidate (to the right) wins ties: names read left to right from their city.
    const best = candidates.reduce((chosen, candidate) => (cost(candidate) < cost(chosen) - 1 ? candidate : chosen));
    placed.push(best.box);
    labels[city.id] = best.text;
  }
  return labels;
}

/** The letter on a piece, by kind, in the page's language. */
export const KIND_LETTERS = {
  fr: {elephant: "É", chariot: "C", galley: "G", mercenary: "M"},
  en: {elephant: "E", chariot: "C", galley: "G", mercenary: "M"},
  de: {elephant: "E", chariot: "W", galley: "G", mercenary: "S"},
};

/** A piece token at (x, y): a disc in its State's colour with its kind's letter. */
export function pieceToken(piece, x, y, lang, radius = PIECE_RADIUS) {
  return [
    el("circle", {cx: x, cy: y, r: radius, class: `token ${piece.kind}`, fill: STATE_COLOURS[piece.state] ?? "#333"}),
    el("text", {x, y: y + radius * 0.42, class: "piece-letter", "text-anchor": "middle", style: `font-size:${radius * 1.2}px`},
      KIND_LETTERS[lang]?.[piece.kind] ?? "?"),
  ];
}

/**
 * The board for `view` (a seat's or spectator's view of the game).
 * `words`: {city(city, holderPiece) -> label, piece(piece, city) -> label, title -> the map's name};
 * `pick(key, element, label)`: registers a clickable element (a no-op when the seat has no move to make).
 */
export function drawMap(map, view, {words, pick, lang}) {
  if (!layouts.has(map)) layouts.set(map, layout(map.cities));
  const {height, place, labels} = layouts.get(map);
  const cityOf = Object.fromEntries(map.cities.map((city) => [city.id, city]));
  const pieceOf = Object.fromEntries((view.pieces ?? []).map((piece) => [piece.piece, piece]));
  const holders = Object.fromEntries((view.cities ?? []).map((city) => [city.city, pieceOf[city.holder]]));
  const occupied = new Set((view.cities ?? []).filter((city) => city.occupied).map((city) => city.city));
  const fighting = new Set([...(view.pending_combats ?? []).map((combat) => combat.city), view.combat?.city].filter(Boolean));

  const lands = map.cities.map((city) => {
    const [x, y] = place[city.id];
    return el("circle", {cx: x, cy: y, r: 30, class: "land", fill: STATE_TINTS[city.state] ?? "#eee"});
  });
  const routes = (pairs, kind) => pairs.filter(([from, to]) => place[from] && place[to]).map(([from, to]) => {
    const [[x1, y1], [x2, y2]] = [place[from], place[to]];
    return el("line", {x1, y1, x2, y2, class: `route ${kind}`});
  });

  const cities = map.cities.map((city) => {
    const [x, y] = place[city.id];
    const holder = holders[city.id];
    const radius = radiusOf(city);
    const label = words.city(city, holder);
    const disc = el("circle", {cx: x, cy: y, r: radius, class: "city-disc", stroke: STATE_COLOURS[city.state] ?? "#777",
      fill: holder ? STATE_COLOURS[holder.state] : STATE_TINTS[city.state] ?? "#fff"}, el("title", {}, label));
    pick(`city:${city.id}`, disc, label);
    return el("g", {class: `city${city.is_capital ? " capital" : ""}${occupied.has(city.id) ? " occupied" : ""}`,
      "data-city": city.id},
      fighting.has(city.id) ? el("circle", {cx: x, cy: y, r: radius + 6, class: "combat-ring"}) : null,
      occupied.has(city.id) ? el("circle", {cx: x, cy: y, r: radius + 3.5, class: "occupied-ring"}) : null,
      city.is_capital ? el("circle", {cx: x, cy: y, r: radius + 3.5, class: "capital-ring", stroke: STATE_COLOURS[city.state]}) : null,
      disc,
      city.is_port ? el("text", {x: x - radius - 1, y: y - radius + 3, class: "port-mark", "text-anchor": "middle"}, "⚓") : null,
      el("text", {...labels[city.id], class: `city-name${city.is_capital ? " capital-name" : ""}`}, city.name));
  });

  // Pieces on their cities: one on a city, two side by side on a city with a combat.
  const byCity = {};
  for (const piece of view.pieces ?? []) {
    if (piece.city && place[piece.city]) (byCity[piece.city] ??= []).push(piece);
  }
  const pieces = Object.entries(byCity).flatMap(([city, here]) => here.map((piece, index) => {
    const [x, y] = place[city];
    const shift = here.length > 1 ? (index - (here.length - 1) / 2) * 2 * (PIECE_RADIUS + 0.5) : 0;
    const token = pieceToken(piece, x + shift, y, lang);
    const label = words.piece(piece, cityOf[city]);
    token[0].append(el("title", {}, label));
    pick(`piece:${piece.piece}`, token[0], label);
    return el("g", {class: `piece${piece.engaged ? " engaged" : ""}`, "data-piece": piece.piece}, token);
  }));

  return el("svg", {class: "map rc-map", viewBox: `0 0 ${WIDTH} ${Math.round(height)}`, role: "group",
    "aria-label": words.title},
  el("rect", {x: 0, y: 0, width: WIDTH, height: Math.round(height), class: "sea"}),
  lands, routes(map.sea ?? [], "sea-route"), routes(map.coast ?? [], "coast"), routes(map.roads ?? [], "road"),
  cities, pieces);
}
