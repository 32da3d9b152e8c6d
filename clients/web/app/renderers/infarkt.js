// Jak nedostat infarkt (games/infarkt): each player's six health tracks with the grave, money, tokens,
// hand and diary; the places with the figures on them (drawn from the players' figures, so nothing shows
// until the reveal, INF-8), the event offer, the current decision and windows. The placement is chosen
// inline (three places, then confirm) and a medicine is used from its card in the viewer's hand. Names and
// texts of cards, places, tracks and actions come from the game's catalogue (ctx.catalog), in the page's
// language.

import { h } from "../dom.js";
import { helped } from "../help.js";
import { who } from "./generic.js";
import { say } from "../words.js";

// the tracks' ids in the order of the wire's lists of six (games/infarkt/cards.py TRACKS)
const TRACK_IDS = ["cholesterol", "pressure", "obesity", "depression", "diabetes", "cancer"];
const OBESITY = 2; // INF-4: obesity stops at 10 and never kills
const GRAVE = 10;




const STEPS = {
  pick: "picking an event",
  remove: "removing an event from the afterlife offer",
  place: "placing figures",
  resolve: "choosing which figure acts next",
  option: "choosing an action",
  spree: "choosing the card to return",
  keep_medicine: "choosing the medicine to keep",
  take: "choosing a card to take",
  give: "choosing a card to give",
  card: "choosing a card",
  serve: "choosing which card to serve first",
};

const OPTIONS = {
  none: "Do nothing",
  rest: "Rest",
  refresh: "Refresh the offer",
  rest_A: "Rest, then A",
  rest_B: "Rest, then B",
};


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

const placeName = (id) => named(id);
const textOf = (id) => (entry(id) ? entry(id).text : "");

/** Cards by name, each with its effects as its popover (help.js), joined by commas; ``key`` tells the
 * list apart across redraws. */
function cardList(ids, key) {
  const items = ids.map((id, i) => helped(h("span", { class: "inf-card-name", "data-card": id }, cardName(id)), textOf(id), `${key}|${i}|${id}`));
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
  if (source === "worsening") return "the worsening";
  if (source === "funeral") return "a funeral";
  if (isPlace(source.replace(/-/g, "_"))) return placeName(source.replace(/-/g, "_"));
  if (entry(`action.${source}`)) return named(`action.${source}`);
  return source;
}

function trackRow(value, t) {
  const cells = [];
  for (let n = 1; n <= GRAVE; n += 1) {
    const grave = n === GRAVE && t !== OBESITY;
    cells.push(h("span", { class: ["cell", n <= value && "filled", grave && "grave"] }, grave ? "✝" : ""));
  }
  const about = `${trackName(t)} ${value} of ${GRAVE}${t === OBESITY ? " (never kills)" : ", the grave at 10"}`;
  return h(
    "li",
    { class: ["inf-track", value >= 7 && t !== OBESITY && "danger"], "aria-label": about },
    h("span", { class: "track-name", "aria-hidden": "true" }, trackName(t)),
    h("span", { class: "track-cells", "aria-hidden": "true" }, cells),
    h("span", { class: "track-value", "aria-hidden": "true" }, String(value)),
  );
}

function hand(player, seat, ctx) {
  const offers = (seat === ctx.viewer && ctx.offered("medicine")) || [];
  if (!player.cards.length) return h("p", { class: "inf-empty" }, "No cards.");
  return h(
    "ul",
    { class: "inf-cards", "aria-label": "Cards" },
    player.cards.map((card) => {
      const usable = offers.find((c) => c.card === card);
      const name = card.startsWith("medicine-") ? medicineName(card) : cardName(card);
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
              `Use ${name}`,
            )
          : name,
      );
      return helped(item, textOf(card), `hand|${seat}|${card}`);
    }),
  );
}

function playerPanel(view, player, seat, ctx) {
  const notes = [
    seat === view.start ? "start player" : null,
    player.died ? `died (death ${player.died})` : null,
    view.placements.committed.includes(seat) && !player.died ? "has placed" : null,
  ].filter(Boolean);
  const tokens = view.places.includes("family") || view.places.includes("career");
  return h(
    "section",
    {
      class: ["inf-player", player.died && "dead", seat === ctx.viewer && "mine"],
      "aria-label": `${who(seat, ctx)}${notes.length ? `, ${notes.join(", ")}` : ""}`,
      "data-seat": seat,
    },
    h("h4", {}, ctx.name(seat), seat === ctx.viewer ? " (you)" : "", player.died ? " ✝ dead" : ""),
    h(
      "p",
      { class: "inf-money" },
      `Money ${player.money}`,
      tokens ? ` · family tokens ${player.family} · career tokens ${player.career}` : "",
      notes.length ? ` · ${notes.join(", ")}` : "",
    ),
    h("ul", { class: "inf-tracks", "aria-label": "Health tracks" }, player.tracks.map(trackRow)),
    hand(player, seat, ctx),
    h(
      "p",
      { class: "inf-diary" },
      "Diary: ",
      player.diary.length ? cardList(player.diary, `diary|${seat}`) : "empty",
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
        `Place a figure at ${placeName(place)}`,
      );
    },
    confirm: h(
      "div",
      { class: "inf-confirm" },
      h(
        "p",
        { id: "inf-place-status", "aria-live": "polite" },
        chosen.length
          ? `Chosen: ${chosen.map(placeName).join(", ")} (${chosen.length} of 3)`
          : "Choose three different places.",
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
        "Confirm placement",
      ),
    ),
  };
}

function places(view, ctx) {
  const control = placementControl(ctx);
  const mine = view.placements.mine || [];
  const offerOf = { market: view.market, black_market: view.black_market };
  return h(
    "section",
    { class: "inf-places", "aria-labelledby": "inf-places-title", tabindex: "-1" },
    h("h3", { id: "inf-places-title" }, "Places"),
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
            here.length ? `Figures: ${here.map((s) => who(s, ctx)).join(", ")}` : "No figures",
          ),
          mine.includes(place) ? h("p", { class: "inf-sealed" }, "Your sealed figure") : null,
          offer && offer.length ? h("p", { class: "inf-offer" }, "Offer: ", cardList(offer, `offer|${place}`)) : null,
          control ? control.button(place) : null,
        );
      }),
    ),
    control ? control.confirm : null,
  );
}

function status(view, ctx) {
  const lines = [`Round ${view.round} of at most ${view.round_limit} · ${view.phase}`];
  // events and cards by name, each with its effects at hand
  if (view.offer.length) lines.push(["Event offer: ", cardList(view.offer, "events")]);
  if (view.set_aside.length) lines.push(["Set aside: ", cardList(view.set_aside, "aside")]);
  if (view.preview) lines.push(["Your afterlife cards: ", cardList(view.preview, "preview")]);
  if (view.spree) lines.push(["Your spree cards: ", cardList(view.spree, "spree")]);
  if (view.goods_top) lines.push(["You know the top goods card: ", cardList([view.goods_top], "top")]);
  const d = view.decision;
  if (d) {
    const at = d.place ? ` at ${placeName(d.place)}${d.option ? ` (${OPTIONS[d.option] || d.option})` : ""}` : "";
    const so = [...(d.chosen || []), ...(d.taken || [])].map(cardName);
    lines.push(`Now: ${who(d.seat, ctx)} — ${STEPS[d.step] || d.step}${at}${so.length ? `; so far ${so.join(", ")}` : ""}`);
  }
  for (const w of view.windows) {
    const what = w.purpose === "family" || w.timer === "family" ? "Family question" : "Medicine window";
    lines.push(`${what} for ${w.seats.map((s) => who(s, ctx)).join(", ")}`);
  }
  if (view.phase === "placement" && view.placements.seats.length) {
    const waiting = view.placements.seats.filter((s) => !view.placements.committed.includes(s));
    lines.push(`Placing: ${waiting.length ? `waiting for ${waiting.map((s) => who(s, ctx)).join(", ")}` : "revealing"}`);
  }
  lines.push(`Piles: goods ${view.goods_count}, medicines ${view.medicines_count}, events ${view.events_count}`);
  return h("ul", { class: "inf-status", "aria-label": "Game status" }, lines.map((l) => h("li", {}, l)));
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
    const name = value.startsWith("medicine-") ? medicineName(value) : cardName(value);
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
  if (body.money) parts.push(`money ${signed(body.money)}`);
  return parts.length ? parts.join(", ") : "nothing";
}

// The story (the catalogue's sentences) tells every event but these three, whose words the server
// derives from the catalogue (tracks moved, figures placed, a move's ends): the browser has no such
// fields, so it says them itself.
function sentenceOf(body, ctx) {
  const p = (seat) => who(seat, ctx);
  switch (body.kind) {
    case "placed":
      return Object.entries(body.placements)
        .map(([s, where]) => `${p(Number(s))}: ${where.map(placeName).join(", ")}`)
        .join("; ")
        .concat(".");
    case "changed":
      return `${p(body.seat)}: ${changes(body)} (${sourceName(body.source)}).`;
    case "moved":
      return body.cards.length
        ? `${body.cards.map(cardName).join(", ")} went from ${pileName(body.source, ctx)} to ${pileName(body.target, ctx)}.`
        : `${body.count} card(s) went face down from ${pileName(body.source, ctx)} to ${pileName(body.target, ctx)}.`;
    default:
      return null;
  }
}

function pileName(where, ctx) {
  if (where.startsWith("hand:")) {
    const seat = Number(where.slice(5));
    return seat === ctx.viewer ? "your hand" : `${ctx.name(seat)}'s hand`;
  }
  return `the ${where.replace(/_/g, " ")}`;
}
