// Rome et Carthage's board as SVG, from `GET /v1/titles/rome-carthage/map`: cities at their coordinates, roads, coast
// and sea routes, each city in the colour of the state that holds it, and the pieces on the board at their cities.

import {el, words} from "./api.js";

const WIDTH = 900;
const STATE_COLOURS = {rome: "#b3261e", carthage: "#6a3d9a", byzance: "#1f5fa8", alexandrie: "#b8860b"};
const KIND_LETTERS = {elephant: "E", chariot: "C", galley: "G", mercenary: "M"};

/** The map's projection: longitude and latitude to the SVG's box, keeping the map's proportions. */
function projection(cities) {
  const lons = cities.map((city) => city.lon);
  const lats = cities.map((city) => city.lat);
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const margin = 30;
  // Names are written to the right of their city: the eastmost ones need room.
  const eastMargin = 70;
  const scale = (WIDTH - margin - eastMargin) / (east - west);
  const height = (north - south) * scale + 2 * margin;
  return {height, at: (city) => [margin + (city.lon - west) * scale, margin + (north - city.lat) * scale]};
}

/** The board for `view` (a seat's or spectator's view of the game). */
export function drawMap(map, view) {
  const {height, at} = projection(map.cities);
  const place = Object.fromEntries(map.cities.map((city) => [city.id, at(city)]));
  const holders = Object.fromEntries((view.cities ?? []).map((city) => [city.city, city.state]));
  const routes = (pairs, kind) => pairs.map(([from, to]) => {
    const [[x1, y1], [x2, y2]] = [place[from], place[to]];
    return el("line", {x1, y1, x2, y2, class: `route ${kind}`});
  });
  const cities = map.cities.map((city) => {
    const [x, y] = place[city.id];
    const holder = holders[city.id] ?? city.state;
    return el("g", {class: "city", "data-city": city.id},
      el("circle", {cx: x, cy: y, r: city.is_capital ? 9 : 5, fill: STATE_COLOURS[holder] ?? "#777"},
        el("title", {}, `${city.name} (${words(holder)})`)),
      el("text", {x: x + 7, y: y - 7, class: "city-name"}, city.name));
  });
  // Pieces side by side under their city.
  const crowd = {};
  const pieces = (view.pieces ?? []).filter((piece) => piece.city && place[piece.city]).map((piece) => {
    const index = (crowd[piece.city] = (crowd[piece.city] ?? 0) + 1) - 1;
    const [x, y] = place[piece.city];
    return el("g", {class: `piece${piece.engaged ? " engaged" : ""}`, "data-piece": piece.piece},
      el("rect", {x: x - 8 + index * 13, y: y + 6, width: 12, height: 12, rx: 2, fill: STATE_COLOURS[piece.state] ?? "#333"},
        el("title", {}, `${words(piece.piece)} (${words(piece.status)})`)),
      el("text", {x: x - 2 + index * 13, y: y + 16, class: "piece-letter"}, KIND_LETTERS[piece.kind] ?? "?"));
  });
  return el("svg", {class: "map", viewBox: `0 0 ${WIDTH} ${Math.round(height)}`, role: "img", "aria-label": "The board"},
    el("rect", {x: 0, y: 0, width: WIDTH, height: Math.round(height), class: "sea"}),
    routes(map.sea ?? [], "sea-route"), routes(map.coast ?? [], "coast"), routes(map.roads ?? [], "road"),
    cities, pieces);
}

/** The parts of a Rome et Carthage view the map already shows. */
export const MAP_PARTS = ["cities", "pieces"];
