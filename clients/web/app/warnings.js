// Warnings a player needs, for the seat they concern, read from what that seat's view shows publicly
// (no hidden information, nothing the server does not already show everyone): iGranie's rent the
// wallet cannot pay and its Hunger marker, Infarkt's tracks a step from the grave and the worsening
// the end of the round brings, Grucha's GRUCHA call. Each cites its rule; the words are the page's own
// (chrome.json).

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { say } from "./words.js";

const fillIn = (text, values) => text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));

/** The rounds of iGranie's rent in a game of ``weeks`` rounds (the view's ``weeks``; IGR-21's 24 when a
 * view has none): the first of each month but the first (IGR-20), 5, 9, ... up to the last round, so
 * a 6-week game has only round 5's. */
const rentRounds = (weeks) => Array.from({ length: Math.floor((weeks - 1) / 4) }, (_, i) => 5 + 4 * i);

/** IGR-20, IGR-22: the next rent ``seat`` owes more Money than its wallet holds (the Dream Bank's does
 * not pay); IGR-19: a Hunger marker kills at the next Food phase with nothing eaten. */
function igranie(view, seat) {
  const p = view.players[seat];
  if (!p || p.dead || view.phase === "over") return [];
  const found = [];
  const round = view.phase === "rent" ? view.round : rentRounds(view.weeks ?? 24).find((r) => r > view.round);
  const due = (p.rent_release > 0 ? 0 : view.rent) + (p.debt ? view.rent : 0);
  if (round !== undefined && p.money < due) {
    const values = { due, round, money: p.money, bank: p.bank_money };
    const [key, english] = p.debt
      ? [
          "ui.warn.igranie.rent_debt",
          "Rent of {due} Money (twice, with your Debt) is due in round {round} and your wallet holds {money}: short of it you become homeless and die. The {bank} Money in your Dream Bank cannot pay it.",
        ]
      : [
          "ui.warn.igranie.rent",
          "Rent of {due} Money is due in round {round} and your wallet holds {money}: short of it you take a Debt marker. The {bank} Money in your Dream Bank cannot pay it.",
        ];
    found.push({ id: "rent", rule: "IGR-20", text: fillIn(t(key, english), values) });
  }
  if (p.hunger) {
    const english =
      "You have a Hunger marker: eat 2 Food in a Food phase of a later turn to lose it; eating nothing then kills you. Your shelf holds {food} Food.";
    found.push({ id: "hunger", rule: "IGR-19", text: fillIn(t("ui.warn.igranie.hunger", english), { food: p.food }) });
  }
  return found;
}

/** INF-4: a track other than obesity at 9, one point from the grave (10). ``nameOf`` names a track id. */
const TRACKS = ["cholesterol", "pressure", "obesity", "depression", "diabetes", "cancer"];
const OBESITY = 2;
const GRAVE = 10;
function infarkt(view, seat, nameOf) {
  const p = view.players[seat];
  if (!p || p.died || view.phase === "over") return [];
  const grave = p.tracks
    .map((value, track) => ({ value, track }))
    .filter(({ value, track }) => track !== OBESITY && value === GRAVE - 1)
    .map(({ track }) => ({
      id: `grave-${TRACKS[track]}`,
      rule: "INF-4",
      text: fillIn(t("ui.warn.infarkt.grave", "{track} is at 9: one more point is the grave."), {
        track: nameOf(TRACKS[track]),
      }),
    }));
  return [...grave, ...worseningAhead(p.tracks, nameOf)];
}

/** INF-18's table, as games/infarkt/data/worsening.json has it (a test holds the two equal): a track
 * at ``threshold`` or more raises ``target`` by ``amount`` at the end of every round. */
export const WORSENING = [
  { id: "cholesterol", track: "cholesterol", threshold: 7, target: "pressure", amount: 1 },
  { id: "pressure", track: "pressure", threshold: 7, target: "cholesterol", amount: 1 },
  { id: "obesity", track: "obesity", threshold: 5, target: "diabetes", amount: 1 },
  { id: "depression", track: "depression", threshold: 5, target: "depression", amount: 1 },
  { id: "cancer", track: "cancer", threshold: 1, target: "cancer", amount: 1 },
];

/** INF-18: what the worsening at the end of this round does to ``tracks`` as they stand now (read from
 * the values before the step, as the rule reads them): a track it takes to the grave (INF-4: any but
 * obesity at 10), each with the rows that push it, else what it will add, with its rows. The rows are
 * named by the catalogue (``worsening.<id>``: "cholesterol 7 or more: blood pressure +1"). */
function worseningAhead(tracks, nameOf) {
  const rows = WORSENING.filter((row) => tracks[TRACKS.indexOf(row.track)] >= row.threshold);
  if (!rows.length) return [];
  const added = TRACKS.map((track) => rows.filter((r) => r.target === track).reduce((n, r) => n + r.amount, 0));
  const said = (list) => list.map((r) => nameOf(`worsening.${r.id}`)).join("; ");
  const fatal = TRACKS.map((track, i) => ({ track, i })).filter(
    ({ i }) => i !== OBESITY && added[i] > 0 && tracks[i] < GRAVE && tracks[i] + added[i] >= GRAVE,
  );
  if (fatal.length) {
    return fatal.map(({ track }) => ({
      id: `worsening-grave-${track}`,
      rule: "INF-18",
      text: say("infarkt.warn.worsening_grave", { track: nameOf(track), rules: said(rows.filter((r) => r.target === track)) }),
    }));
  }
  const changes = TRACKS.map((track, i) => (added[i] ? `${nameOf(track)} +${added[i]}` : null)).filter(Boolean);
  return [{ id: "worsening", rule: "INF-18", text: say("infarkt.warn.worsening", { changes: changes.join(", "), rules: said(rows) }) }];
}

/** GRU-11: on ``seat``'s turn with one card in hand, ending the turn needs the GRUCHA call. */
function grucha(view, seat) {
  if (view.phase !== "play" || view.to_act !== seat || view.hand_sizes[seat] !== 1) return [];
  const english = "You hold one card: end your turn with the GRUCHA call, or you draw 5 penalty cards.";
  return [{ id: "grucha", rule: "GRU-11", text: t("ui.warn.grucha.call", english) }];
}

const GAMES = { igranie, infarkt, grucha };

/** The warnings of ``seat`` (null: a spectator, who gets none) in ``game`` from its ``view``:
 * [{id, rule, text}]; ``nameOf(id)`` names an id from the game's catalogue. */
export function warningsFor(game, view, seat, nameOf = (id) => id) {
  const of = GAMES[game];
  if (!of || !view || seat === null || seat === undefined) return [];
  return of(view, seat, nameOf);
}

/** Draws ``warnings`` into ``box`` (hidden when there are none), each with its rule. */
export function drawWarnings(box, warnings) {
  box.hidden = !warnings.length;
  fill(
    box,
    warnings.length ? h("h2", { class: "warnings-title" }, t("ui.warnings", "Warnings")) : null,
    warnings.length
      ? h(
          "ul",
          {},
          warnings.map((w) => h("li", { "data-warning": w.id, "data-rule": w.rule }, `${w.text} (${w.rule})`)),
        )
      : null,
  );
}
