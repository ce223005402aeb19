// @ts-check
// A ludus bot with the typed client (`npm install ./clients/typescript`): it joins every game its account is invited
// to and, for each `your_turn`, plays one of the legal actions the notification carries, at its version: one request
// a move. `node bot.mjs URL KEY [GAMES]` (an account key, lk_...); GAMES stops it after that many games finished.
import { Ludus, LudusError } from "ludus-client";

const [url, key, games] = process.argv.slice(2);
const ludus = new Ludus(url, { key });
// The table's actions (undo, draw offers, ...) are listed beside the title's: this bot plays the title's alone.
const titles = await ludus.titles();
const table = new Map(titles.map((title) => [title.id, new Set(title.table_actions.map((action) => action.type))]));
/** Each game's version after this bot's last move in it: an older `your_turn` is stale. @type {Map<string, number>} */
const known = new Map();
let [moves, requests, conflicts, finished] = [0, 0, 0, 0];
const notifications = await ludus.notifications();
console.log("stream open");
for await (const note of notifications) {
  if (note.type === "invited") {
    await ludus.join(note.game, note.seat);
  } else if (note.type === "your_turn" && note.version >= (known.get(note.game) ?? 0)) {
    const own = (note.legal_actions ?? []).filter((action) => !table.get(note.title)?.has(action.type));
    requests += 1;
    try {
      const played = await ludus.play(note.game, note.seat, own[Math.floor(Math.random() * own.length)]);
      known.set(note.game, played.version);
      moves += 1;
    } catch (error) {
      if (!(error instanceof LudusError)) throw error;
      conflicts += Number(error.problem.status === 409);
    }
  } else if (note.type === "game_finished" && ++finished === Number(games)) {
    break;
  }
}
console.log(`${moves} moves, ${requests} requests, ${conflicts} conflicts`);
