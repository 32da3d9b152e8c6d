// Jak nedostat infarkt (games/infarkt): each player's six health tracks with the grave, money, tokens,
// hand and diary; the places with the figures on them (drawn from the players' figures, so nothing shows
// until the reveal, INF-8), the event offer, the current decision and windows. The placement is chosen
// inline (three places, then confirm) and a medicine is used from its card in the viewer's hand. Names and
// texts of cards, places, tracks and actions come from the game's catalogue (ctx.catalog), in the page's
// language.

import { h } from "../dom.js";
import { helped } from "../help.js";
import { t } from "../i18n.js";
import { say } from "../words.js";

// the tracks' ids in the order of the wire's lists of six (games/infarkt/cards.py TRACKS)
const TRACK_IDS = ["cholesterol", "pressure", "obesity", "depression", "diabetes", "cancer"];
const OBESITY = 2; // INF-4: obesity stops at 10 and never kills
const GRAVE = 10;




// the decision steps the status line words (chrome.json `infarkt.step.<step>`)
const STEPS = ["pick", "remove", "place", "resolve", "option", "spree", "keep_medicine", "take", "give", "card", "serve"];

/** A seat as the table names it: the viewer's own in the page's words ("you", "tvoje místo"). */
const who = (seat, ctx) => (seat === ctx.viewer ? t("ui.you", "you") : ctx.name(seat));

const signed = (n) => (n > 0 ? `+${n}` : `−${-n}`);

// the catalogue of the drawing under way: each entry point (view, describe, label) sets it from ctx
let catalog = null;
const using = (ctx) => {
  catalog = ctx.catalog || null;
};
const entry = (id) => (catalog && catalog.entries[id]) || null;
const named = (id) => (entry(id) ? entry(id).name : String(id));
/** What a card or action does, its figures from the game's data (``depression −1, obesity +1``). */
const figuresOf = (id) => {
  const text = entry(id) ? entry(id).text : "";
  return text.includes(": ") ? text.slice(text.indexOf(": ") + 2).replace(/\.$/, "") : "";
};
const trackName = (t) => named(TRACK_IDS[t]);

/** A card's name from the catalogue ("goods-beer-3" -> "Beer", "Pivo"). */
export function cardName(id) {
  return named(id);
}

// INF-15: the goods symbols (catalogue rows `symbol.<id>`, whose text opens a goods card's text)
const SYMBOLS = ["food", "drink", "smoking"];
/** A goods card's symbol by the catalogue's name ("pití"), "" for any other card. */
function symbolOf(id) {
  if (!String(id).startsWith("goods-")) return "";
  const text = textOf(id);
  const symbol = SYMBOLS.find((s) => entry(`symbol.${s}`) && text.startsWith(`${textOf(`symbol.${s}`)}: `));
  return symbol ? named(`symbol.${symbol}`) : "";
}
/** A card's name with its symbol when it is goods ("Pivo (pití)"), so cook and party pairs can be seen. */
function cardWithSymbol(id) {
  const symbol = symbolOf(id);
  return symbol ? `${cardName(id)} (${symbol})` : cardName(id);
}

const placeName = (id) => named(id);
const textOf = (id) => (entry(id) ? entry(id).text : "");

/** Cards by name, each with its effects as its popover (help.js), joined by commas; ``key`` tells the
 * list apart across redraws. */
function cardList(ids, key) {
  const items = ids.map((id, i) => helped(h("span", { class: "inf-card-name", "data-card": id }, cardWithSymbol(id)), textOf(id), `${key}|${i}|${id}`));
  return items.flatMap((item, i) => (i ? [", ", item] : [item]));
}
const isPlace = (id) => Boolean(entry(id)) && entry(id).group === "place";

function medicineName(id) {
  return figuresOf(id) ? `${cardName(id)} (${figuresOf(id)})` : cardName(id);
}

/** An option of the place being resolved with its price and effects (``Gym A (pay 1, obesity −1)``);
 * ``rest_A`` is Home's rest and then A. */
function optionLabel(place, value) {
  const ids = optionIds(place, value);
  return ids ? ids.map((id) => (figuresOf(id) ? `${named(id)} (${figuresOf(id)})` : named(id))).join(" + ") : null;
}

/** The catalogue's action ids of an option of ``place`` (``rest_A`` at home: home-rest, home-a). */
function optionIds(place, value) {
  if (!place) return null;
  const at = place.replace(/_/g, "-");
  const ids = String(value)
    .split("_")
    // a place's own action (Work's "work", the black market's "buy") is the place's action id
    .map((v) => (v === place || v === "buy" ? `action.${at}` : `action.${at}-${v.toLowerCase()}`));
  return ids.every((id) => entry(id)) ? ids : null;
}

/** A place's text and each of its actions with its price and effects, a line each. */
function placeHelp(place) {
  const action = `action.${place.replace(/_/g, "-")}`;
  const ids = Object.keys((catalog && catalog.entries) || {}).filter((id) => id === action || id.startsWith(`${action}-`));
  return [textOf(place), ...ids.map((id) => `${named(id)}: ${textOf(id)}`)].filter(Boolean).join("\n");
}

/** An option's actions with their texts, a line each (``Gym A: An hour of exercise: pay 1, ...``). */
function optionHelp(place, value) {
  const ids = optionIds(place, value);
  return ids ? ids.map((id) => `${named(id)}: ${textOf(id)}`).join("\n") : null;
}

// an action id of actions.json ("supermarket-a", "home-rest", "black-market"), a card id or a rule's word
function sourceName(source) {
  if (/^(goods|medicine|event)-/.test(source)) return cardName(source);
  if (["worsening", "funeral", "death"].includes(source) && entry(source)) return named(source);
  if (isPlace(source.replace(/-/g, "_"))) return placeName(source.replace(/-/g, "_"));
  if (entry(`action.${source}`)) return named(`action.${source}`);
  return source;
}

/** One health track of ``seat``: its cells with the grave, its value, and as its popover what the track
 * is and where its grave is (the catalogue's text, INF-1, INF-4) and what the worsening does with it
 * (INF-18: the catalogue's rows of the table that read this track). */
function trackRow(value, track, seat) {
  const cells = [];
  for (let n = 1; n <= GRAVE; n += 1) {
    const grave = n === GRAVE && track !== OBESITY;
    cells.push(h("span", { class: ["cell", n <= value && "filled", grave && "grave"] }, grave ? "✝" : ""));
  }
  const about = say(track === OBESITY ? "infarkt.track.about_obesity" : "infarkt.track.about", {
    track: trackName(track),
    value,
    grave: GRAVE,
  });
  // the worsening row that reads this track is named by the track (worsening.json: its id is its track)
  const help = [textOf(TRACK_IDS[track]), textOf(`worsening.${TRACK_IDS[track]}`)].filter(Boolean).join("\n");
  return helped(
    h(
      "li",
      { class: ["inf-track", value >= 7 && track !== OBESITY && "danger"], "aria-label": about, "data-track": TRACK_IDS[track] },
      h("span", { class: "track-name", "aria-hidden": "true" }, trackName(track)),
      h("span", { class: "track-cells", "aria-hidden": "true" }, cells),
      h("span", { class: "track-value", "aria-hidden": "true" }, String(value)),
    ),
    help,
    `track|${seat}|${TRACK_IDS[track]}`,
  );
}

function hand(player, seat, ctx) {
  const offers = (seat === ctx.viewer && ctx.offered("medicine")) || [];
  if (!player.cards.length) return h("p", { class: "inf-empty" }, say("infarkt.player.no_cards"));
  return h(
    "ul",
    { class: "inf-cards", "aria-label": say("infarkt.player.cards") },
    player.cards.map((card) => {
      const usable = offers.find((c) => c.card === card);
      const name = card.startsWith("medicine-") ? medicineName(card) : cardWithSymbol(card);
      const item = h(
        "li",
        { class: ["inf-card", card.startsWith("medicine-") ? "medicine" : "goods"] },
        usable
          ? h(
              "button",
              {
                type: "button",
                "data-kind": "medicine",
                "data-slot": card,
                disabled: ctx.pending,
                onclick: () => ctx.choose("medicine", usable),
              },
              say("infarkt.label.medicine", { card: name }),
            )
          : name,
      );
      return helped(item, textOf(card), `hand|${seat}|${card}`);
    }),
  );
}

/** INF-4: the tracks of a dead player at the grave (any but obesity at 10), by name. */
function graves(player) {
  return player.tracks
    .map((value, track) => (track !== OBESITY && value >= GRAVE ? trackName(track) : null))
    .filter(Boolean)
    .join(", ");
}

function playerPanel(view, player, seat, ctx) {
  const notes = [
    seat === view.start ? say("infarkt.player.start") : null,
    player.died ? say("infarkt.player.died", { step: player.died, tracks: graves(player) }) : null,
    view.placements.committed.includes(seat) && !player.died ? say("infarkt.player.placed") : null,
  ].filter(Boolean);
  const tokens = view.places.includes("family") || view.places.includes("career");
  return h(
    "section",
    {
      class: ["inf-player", player.died && "dead", seat === ctx.viewer && "mine"],
      "aria-label": `${who(seat, ctx)}${notes.length ? `, ${notes.join(", ")}` : ""}`,
      "data-seat": seat,
    },
    h(
      "h4",
      {},
      ctx.name(seat),
      seat === ctx.viewer ? ` ${say("infarkt.player.you")}` : "",
      player.died ? ` ${say("infarkt.player.dead")}` : "",
    ),
    h(
      "p",
      { class: "inf-money" },
      say("infarkt.player.money", { money: player.money }),
      tokens
        ? ` · ${say("infarkt.player.family", { count: player.family })} · ${say("infarkt.player.career", { count: player.career })}`
        : "",
      notes.length ? ` · ${notes.join(", ")}` : "",
    ),
    h(
      "ul",
      { class: "inf-tracks", "aria-label": say("infarkt.player.tracks") },
      player.tracks.map((value, track) => trackRow(value, track, seat)),
    ),
    hand(player, seat, ctx),
    h(
      "p",
      { class: "inf-diary" },
      `${say("infarkt.player.diary")} `,
      player.diary.length ? cardList(player.diary, `diary|${seat}`) : say("infarkt.player.diary_empty"),
    ),
  );
}

// The viewer's places picked so far, per placement prompt (its id names the seat and round), so a
// redraw (another seat placing) keeps them and a hot-seat change of seat does not share them.
const picked = new Map();

function placementControl(ctx) {
  const choices = ctx.offered("place");
  if (!choices) return null;
  const key = ctx.prompt.id;
  const chosen = picked.get(key) || [];
  const same = (set) => set.length === chosen.length && chosen.every((p) => set.includes(p));
  const legal = choices.find((c) => c.places.length === 3 && same(c.places));
  const reachable = (place) => choices.some((c) => c.places.includes(place) && chosen.every((p) => c.places.includes(p)));
  // a local change: the places section is drawn anew in place (the page redraws only on updates)
  const toggle = (place, event) => {
    picked.set(key, chosen.includes(place) ? chosen.filter((p) => p !== place) : [...chosen, place]);
    const fresh = places(ctx.view, ctx);
    event.currentTarget.closest(".inf-places").replaceWith(fresh);
    const again = fresh.querySelector(`button[data-slot="${place}"]:not([disabled])`);
    (again || fresh.querySelector('button[data-slot="confirm"]:not([disabled])') || fresh).focus();
  };
  return {
    button(place) {
      const on = chosen.includes(place);
      return h(
        "button",
        {
          type: "button",
          class: "inf-pick",
          "data-kind": "place",
          "data-slot": place,
          "aria-pressed": on ? "true" : "false",
          disabled: ctx.pending || (!on && (chosen.length >= 3 || !reachable(place))),
          onclick: (event) => toggle(place, event),
        },
        say("infarkt.place.pick", { place: placeName(place) }),
      );
    },
    confirm: h(
      "div",
      { class: "inf-confirm" },
      h(
        "p",
        { id: "inf-place-status", "aria-live": "polite" },
        chosen.length
          ? say("infarkt.place.chosen", { places: chosen.map(placeName).join(", "), count: chosen.length })
          : say("infarkt.place.choose"),
      ),
      h(
        "button",
        {
          type: "button",
          class: "primary",
          "data-kind": "place",
          "data-slot": "confirm",
          disabled: ctx.pending || !legal,
          onclick: () => {
            picked.delete(key);
            ctx.choose("place", legal);
          },
        },
        say("infarkt.place.confirm"),
      ),
    ),
  };
}

/** INF-20: why a place is greyed out for the viewer this round (the event that bars it), else null. */
function barredNote(view, place, ctx) {
  const me = view.players[ctx.viewer];
  if (!me) return null;
  const by = (place === "work" || place === "career") && me.no_work ? "event-dayoff-1" : place === "home" && me.no_home ? "event-businesstrip-1" : null;
  return by ? h("p", { class: "inf-barred" }, say("infarkt.place.barred", { card: cardName(by) })) : null;
}

function places(view, ctx) {
  const control = placementControl(ctx);
  const mine = view.placements.mine || [];
  const offerOf = { market: view.market, black_market: view.black_market };
  return h(
    "section",
    { class: "inf-places", "aria-labelledby": "inf-places-title", tabindex: "-1" },
    h("h3", { id: "inf-places-title" }, say("infarkt.places")),
    h(
      "ul",
      { class: "inf-board" },
      view.places.map((place) => {
        const here = view.players.map((p, s) => (p.figures.includes(place) ? s : -1)).filter((s) => s >= 0);
        const offer = offerOf[place];
        return h(
          "li",
          { class: "inf-place", "data-place": place },
          helped(h("h4", {}, placeName(place)), placeHelp(place), `place|${place}`),
          h(
            "p",
            { class: "inf-figures" },
            here.length ? say("infarkt.place.figures", { seats: here.map((s) => who(s, ctx)).join(", ") }) : say("infarkt.place.no_figures"),
          ),
          mine.includes(place) ? h("p", { class: "inf-sealed" }, say("infarkt.place.sealed")) : null,
          control ? barredNote(view, place, ctx) : null,
          offer && offer.length
            ? h("p", { class: "inf-offer" }, `${say("infarkt.place.offer")} `, cardList(offer, `offer|${place}`))
            : null,
          control ? control.button(place) : null,
        );
      }),
    ),
    control ? control.confirm : null,
  );
}

/** The option a decision works on (``A`` at the Gym: "Gym A"), by the catalogue's action names. */
function optionName(place, option) {
  const ids = optionIds(place, option);
  if (ids) return ids.map(named).join(" + ");
  return ["none", "rest", "refresh"].includes(option) ? say(`infarkt.label.option.${option}`) : option;
}

function status(view, ctx) {
  const phase = entry(`phase.${view.phase}`) ? named(`phase.${view.phase}`) : view.phase;
  // a game over with two or more alive was ended by the round limit (INF-17: deaths end it with one or none)
  const guarded = view.phase === "over" && view.players.filter((p) => !p.died).length > 1;
  const round = guarded ? "infarkt.status.round_limit" : "infarkt.status.round";
  const lines = [say(round, { round: view.round, limit: view.round_limit, phase })];
  // events and cards by name, each with its effects at hand
  const listed = (key, ids, list) => [`${say(key)} `, cardList(ids, list)];
  if (view.offer.length) lines.push(listed("infarkt.status.offer", view.offer, "events"));
  if (view.set_aside.length) lines.push(listed("infarkt.status.set_aside", view.set_aside, "aside"));
  if (view.preview) lines.push(listed("infarkt.status.preview", view.preview, "preview"));
  if (view.spree) lines.push(listed("infarkt.status.spree", view.spree, "spree"));
  if (view.goods_top) lines.push(listed("infarkt.status.top", [view.goods_top], "top"));
  const d = view.decision;
  if (d) {
    const step = STEPS.includes(d.step) ? say(`infarkt.step.${d.step}`) : d.step;
    const vars = { seat: who(d.seat, ctx), step, place: d.place ? placeName(d.place) : "" };
    vars.option = d.place && d.option ? optionName(d.place, d.option) : "";
    const key = d.place ? (d.option ? "infarkt.status.now_option" : "infarkt.status.now_at") : "infarkt.status.now";
    const so = [...(d.chosen || []), ...(d.taken || [])].map(cardName);
    lines.push(so.length ? say("infarkt.status.so_far", { now: say(key, vars), cards: so.join(", ") }) : say(key, vars));
    // INF-15: after the first of a pair, goods of its symbol are no longer offered; a pick stays made
    if (d.step === "card" && (d.chosen || []).length === 1 && symbolOf(d.chosen[0])) {
      lines.push(say("infarkt.status.other_symbol", { card: cardName(d.chosen[0]), symbol: symbolOf(d.chosen[0]) }));
    }
  }
  for (const w of view.windows) {
    const key = w.purpose === "family" || w.timer === "family" ? "infarkt.status.family" : "infarkt.status.medicine";
    lines.push(say(key, { seats: w.seats.map((s) => who(s, ctx)).join(", ") }));
  }
  if (view.phase === "placement" && view.placements.seats.length) {
    const waiting = view.placements.seats.filter((s) => !view.placements.committed.includes(s));
    lines.push(
      waiting.length
        ? say("infarkt.status.waiting", { seats: waiting.map((s) => who(s, ctx)).join(", ") })
        : say("infarkt.status.revealing"),
    );
  }
  lines.push(say("infarkt.status.piles", { goods: view.goods_count, medicines: view.medicines_count, events: view.events_count }));
  return h("ul", { class: "inf-status", "aria-label": say("infarkt.status") }, lines.map((l) => h("li", {}, l)));
}

export default {
  game: "infarkt",
  inline: ["place", "medicine"],
  view(ctx) {
    using(ctx);
    const view = ctx.view;
    return h(
      "div",
      { class: "infarkt" },
      status(view, ctx),
      places(view, ctx),
      h(
        "div",
        { class: "inf-players" },
        view.players.map((p, s) => playerPanel(view, p, s, ctx)),
      ),
    );
  },
  describe(body, ctx) {
    using(ctx);
    const text = sentenceOf(body, ctx);
    return text && text.charAt(0).toUpperCase() + text.slice(1);
  },
  /** A choice's popover: an event's, card's or place's effects, an option's price and effects. */
  help(kind, choice, ctx) {
    using(ctx);
    if (kind === "medicine") return textOf(choice.card);
    if (kind !== "choose" || !choice.value) return null;
    const value = choice.value;
    if (entry(value)) return textOf(value);
    if (value === "none") return say("infarkt.help.none"); // INF-9: an action is optional
    const decision = ctx.view && ctx.view.decision;
    return optionHelp(decision ? decision.place : "", value);
  },
  label(kind, choice, ctx) {
    using(ctx);
    if (!Object.keys(choice).length) return named(`choice.${kind}`); // the name of a group of choices
    switch (kind) {
      case "choose":
        return chooseLabel(choice.value, ctx);
      case "place":
        return say("infarkt.label.place", { places: choice.places.map(placeName).join(", ") });
      case "medicine":
        return say("infarkt.label.medicine", { card: medicineName(choice.card) });
      case "family": {
        const parts = choice.cancel.map((n, t) => (n ? `${trackName(t)} ${signed(n)}` : null)).filter(Boolean);
        return say("infarkt.label.family", { count: choice.cancel.reduce((a, b) => a + b, 0), tracks: parts.join(", ") });
      }
      default:
        return null;
    }
  },
};

// the steps whose choice is a card, by the verb chrome.json words it with (`infarkt.label.<step>`)
const CARD_STEPS = ["pick", "remove", "spree", "take", "give", "serve", "keep_medicine"];

/** A decision's choice in words: a card taken or given, a guest invited, the figure resolved next
 * (`resolve`: a place) or the action taken at the place being resolved (`option`: a place's own action
 * such as Work's, a lettered one, rest, refresh or nothing). */
function chooseLabel(value, ctx) {
  const decision = ctx.view && ctx.view.decision;
  const step = decision ? decision.step : "";
  if (/^(goods|medicine|event)-/.test(value)) {
    const name = value.startsWith("medicine-") ? medicineName(value) : cardWithSymbol(value);
    return say(`infarkt.label.${CARD_STEPS.includes(step) ? step : "card"}`, { card: name });
  }
  if (value.startsWith("seat_")) return say("infarkt.label.invite", { seat: ctx.name(Number(value.slice(5))) });
  if (step === "resolve" && isPlace(value)) return say("infarkt.label.resolve", { place: placeName(value) });
  const option = optionLabel(decision ? decision.place : "", value);
  if (option) return say("infarkt.label.option", { option });
  return say(`infarkt.label.option.${["none", "rest", "refresh"].includes(value) ? value : "other"}`, { value });
}

function changes(body) {
  const parts = body.deltas.map((d, t) => (d ? `${trackName(t)} ${signed(d)}` : null)).filter(Boolean);
  if (body.money) parts.push(say("infarkt.log.money", { money: signed(body.money) }));
  return parts.length ? parts.join(", ") : say("infarkt.log.nothing");
}

/** The catalogue's template of ``id`` with its {fields} filled in. */
const filled = (id, vars) => textOf(id).replace(/\{(\w+)\}/g, (all, name) => (name in vars ? String(vars[name]) : all));

/** INF-1: the parts of a change beyond a track's end, each said to have had no effect and why
 * (``obesity −1 had no effect: obesity is already at 0 (INF-1)``); "" when nothing was lost. */
function lostOf(body) {
  const parts = (body.lost || []).map((n, t) =>
    n ? filled("part.lost", { change: `${trackName(t)} ${signed(n)}`, track: trackName(t), end: n < 0 ? 0 : GRAVE }) : null,
  );
  // money never goes below 0: the unpaid part of a price (``money −2 had no effect: no money left``)
  if (body.money_lost) parts.push(filled("part.lost_money", { change: say("infarkt.log.money", { money: signed(body.money_lost) }) }));
  return parts.filter(Boolean).join("; ");
}

/** INF-18: the worsening rows behind a change, by the catalogue's names (``INF-18: cholesterol 7 or
 * more: blood pressure +1``); "" for a change of another source. */
function causesOf(body) {
  const rows = (body.causes || []).filter((c) => entry(`worsening.${c}`)).map((c) => named(`worsening.${c}`));
  return rows.length ? `INF-18: ${rows.join("; ")}` : "";
}

/** A change of a seat's tracks and money with its source, why it came (a worsening's rows) and what of
 * it had no effect (a track at its end): "Seat 1: depression −1, money −1 (Gym A) — obesity −1 had no
 * effect: obesity is already at 0 (INF-1)." */
function changedSentence(body, ctx) {
  const why = causesOf(body);
  const lost = lostOf(body);
  const key = `infarkt.log.changed${why ? ".why" : ""}${lost ? ".lost" : ""}`;
  return say(key, { seat: who(body.seat, ctx), changes: changes(body), source: sourceName(body.source), why, lost });
}

// The story (the catalogue's sentences) tells every event but these, whose words the server derives
// from the catalogue (tracks moved, figures placed, a move's ends, an option's action with its price and
// effects): the browser has no such fields, so it says them itself.
function sentenceOf(body, ctx) {
  const p = (seat) => who(seat, ctx);
  switch (body.kind) {
    case "placed":
      return Object.entries(body.placements)
        .map(([s, where]) => `${p(Number(s))}: ${where.map(placeName).join(", ")}`)
        .join("; ")
        .concat(".");
    case "changed":
      return changedSentence(body, ctx);
    case "chosen":
      if (body.step !== "option") return null;
      return say("infarkt.log.option", { seat: p(body.seat), option: optionLabel(body.place, body.value) || body.value });
    case "moved": {
      const ends = { from: pileName(body.source, ctx), to: pileName(body.target, ctx) };
      return body.cards.length
        ? say("infarkt.log.moved", { cards: body.cards.map(cardName).join(", "), ...ends })
        : say("infarkt.log.moved_hidden", { count: body.count, ...ends });
    }
    default:
      return null;
  }
}

/** A pile, an offer or a hand as the catalogue names it (``pile.goods``: "goods deck"); a seat's own
 * pile (``hand:1``, ``spree:1``) with the seat's name. */
function pileName(where, ctx) {
  const [pile, seat] = where.split(":");
  if (seat !== undefined) {
    const n = Number(seat);
    if (pile === "hand") return n === ctx.viewer ? say("infarkt.pile.your_hand") : say("infarkt.pile.hand", { seat: ctx.name(n) });
    return say("infarkt.pile.of", { pile: entry(`pile.${pile}`) ? named(`pile.${pile}`) : pile, seat: who(n, ctx) });
  }
  if (entry(`pile.${pile}`)) return say("infarkt.pile.named", { pile: named(`pile.${pile}`) });
  return isPlace(pile) ? say("infarkt.pile.named", { pile: placeName(pile) }) : pile;
}
