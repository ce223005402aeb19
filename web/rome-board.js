// Rome et Carthage's board: the map (map.js) with the pieces at their cities.

import {MAP_PARTS, drawMap} from "./map.js";

export default {
  parts: MAP_PARTS,
  load: (call) => call("GET", "/v1/titles/rome-carthage/map"),
  draw: (view, context) => drawMap(context.data, view),
  path: () => null,
};
