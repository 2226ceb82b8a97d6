/* Money and clocks, written one way on every page (the console, the big screen, the desk,
   a player's page): MonopolyNight.money(-50, "USD") gives "−$50" and money(1091, "EUR")
   "1.091 €" on a page in German (<html lang>), as the server writes them
   (tournament/money.py: the same CLDR, through Intl): whole units, a real minus sign.
   MonopolyNight.clock(ms) gives "5:09" or "1:05:09"; MonopolyNight.ago(then, now) "12 s ago";
   MonopolyNight.tick(element) ticks a countdown the server drew down to its end.
   MonopolyNight.sayChanges(scope, read, region) says a live part's sentence to a screen
   reader once it changes. MonopolyNight.isolated(name) keeps a right-to-left name in its
   own direction in a sentence, as the server does (tournament/text.py: `isolated`).
   A plain script (no module), so pages with or without modules load it the same way. */
(function () {
  "use strict";

  var MINUS = "\u2212";
  var formats = {};

  /** `amount` whole units of `currency` (the event's ISO code) in the page's language. */
  function money(amount, currency) {
    var language = document.documentElement.lang || "en";
    var key = language + " " + currency;
    if (!formats[key]) {
      formats[key] = new Intl.NumberFormat(language, {
        style: "currency", currency: currency, useGrouping: "always",
        minimumFractionDigits: 0, maximumFractionDigits: 0,
      });
    }
    var n = Math.trunc(Number(amount) || 0);
    return (n < 0 ? MINUS : "") + formats[key].format(Math.abs(n));
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }

  /** A countdown from milliseconds left: "5:09", or "1:05:09" past the hour. */
  function clock(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var hours = Math.floor(total / 3600);
    var minutes = Math.floor((total % 3600) / 60);
    return (hours ? hours + ":" + two(minutes) : String(minutes)) + ":" + two(total % 60);
  }

  /** Ticks a countdown the server drew (its `data-ends-at`) by the server's time: the
      `data-now` it was drawn with, read once. At the end its `data-over` ("Time!" if none)
      and "is-over"; "is-low" in the last five minutes. */
  function tick(element) {
    if (element.dataset.now) {
      element.dataset.offset = String(Date.parse(element.dataset.now) - Date.now());
      delete element.dataset.now;
    }
    var left = Date.parse(element.dataset.endsAt) - Date.now() - Number(element.dataset.offset || 0);
    element.textContent = left > 0 ? clock(left) : element.dataset.over || "Time!";
    element.classList.toggle("is-low", left < 300000);
    element.classList.toggle("is-over", left <= 0);
  }

  // A page that takes Django's JavaScript catalogue (before this script) says these in its
  // reader's language; any other, in English.
  var gettext = window.gettext || function (text) { return text; };
  function say(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, name) { return String(values[name]); });
  }

  /** "just now", "12 s ago", "3 min ago", "2 h ago" (in the page's language). */
  function ago(then, now) {
    var seconds = Math.max(0, Math.round((now - then) / 1000));
    if (seconds < 5) return gettext("just now");
    if (seconds < 60) return say(gettext("%(seconds)s s ago"), { seconds: seconds });
    var minutes = Math.floor(seconds / 60);
    if (minutes < 60) return say(gettext("%(minutes)s min ago"), { minutes: minutes });
    return say(gettext("%(hours)s h ago"), { hours: Math.floor(minutes / 60) });
  }

  // A letter of a right-to-left script (Unicode's bidi classes R and AL: Hebrew, Arabic,
  // Syriac, Thaana, N'Ko and the rest), as tournament/text.py tells one.
  var RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]|[\uD802\uD803][\uDC00-\uDFFF]|\uD83A[\uDC00-\uDFFF]|\uD83B[\uDC00-\uDEFF]/;
  var ISOLATE = "\u2068", POP_ISOLATE = "\u2069";

  /** A person's or team's name ready to stand in a sentence: between FIRST STRONG ISOLATE
      and POP DIRECTIONAL ISOLATE when it holds a right-to-left letter, so the digits and
      punctuation beside it keep their places; any other name as it is. */
  function isolated(name) {
    var text = name === null || name === undefined ? "" : String(name);
    if (text.charAt(0) === ISOLATE && text.charAt(text.length - 1) === POP_ISOLATE) return text;
    return RIGHT_TO_LEFT.test(text) ? ISOLATE + text + POP_ISOLATE : text;
  }

  // After each htmx swap in `scope`, what `read()` gives goes into the status region
  // `region` when it differs from what it gave before (never when the page opens): a poll
  // that redraws the same news says nothing.
  function sayChanges(scope, read, region) {
    var said = read();
    scope.addEventListener("htmx:afterSwap", function () {
      var now = read();
      if (region && now && now !== said) region.textContent = now;
      said = now;
    });
  }

  window.MonopolyNight = window.MonopolyNight || {};
  window.MonopolyNight.money = money;
  window.MonopolyNight.clock = clock;
  window.MonopolyNight.ago = ago;
  window.MonopolyNight.tick = tick;
  window.MonopolyNight.sayChanges = sayChanges;
  window.MonopolyNight.isolated = isolated;
})();
