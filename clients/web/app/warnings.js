// Warnings a player needs, for the seat they concern, read from what that seat's view shows publicly
// (no hidden information, nothing the server does not already show everyone): iGranie's rent the
// wallet cannot pay and its Hunger marker, Infarkt's tracks a step from the grave, Grucha's GRUCHA
// call. Each cites its rule; the words are the page's own (chrome.json).

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

const fillIn = (text, values) => text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));

/** The rounds of iGranie's rent: the first of each month but the first (IGR-20, IGR-21: 24 rounds). */
const RENT_ROUNDS = [5, 9, 13, 17, 21];

/** IGR-20, IGR-22: the next rent ``seat`` owes more Money than its wallet holds (the Dream Bank's does
 * not pay); IGR-19: a Hunger marker kills at the next Food phase with nothing eaten. */
function igranie(view, seat) {
  const p = view.players[seat];
  if (!p || p.dead || view.phase === "over") return [];
  const found = [];
  const round = view.phase === "rent" ? view.round : RENT_ROUNDS.find((r) => r > view.round);
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
  return p.tracks
    .map((value, track) => ({ value, track }))
    .filter(({ value, track }) => track !== OBESITY && value === GRAVE - 1)
    .map(({ track }) => ({
      id: `grave-${TRACKS[track]}`,
      rule: "INF-4",
      text: fillIn(t("ui.warn.infarkt.grave", "{track} is at 9: one more point is the grave."), {
        track: nameOf(TRACKS[track]),
      }),
    }));
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
