// The web client's files served from disk on another origin (a port of 127.0.0.1), pointed at the API with `?api=`:
// pages that call the API across origins, as a third-party site would, and that show edits to web/ without a rebuild.

import {createServer} from "node:http";
import {readFileSync} from "node:fs";
import {dirname, extname, join} from "node:path";
import {fileURLToPath} from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"};

/** Serves web/'s pages and scripts on `port`; resolves to the server once it listens. */
export function serveWebFromAnotherOrigin(port) {
  const server = createServer((request, response) => {
    const path = new URL(request.url, "http://x").pathname.replace(/^\/$/, "/index.html");
    const name = path.slice(1);
    if (!/^[a-z0-9-]+\.(html|js|css)$/.test(name)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(join(root, name));
      response.writeHead(200, {"Content-Type": `${TYPES[extname(name)]}; charset=utf-8`}).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
