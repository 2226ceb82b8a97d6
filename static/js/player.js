/* A player's own page. htmx asks the server for the page's live part every ten seconds
   (templates/players/player.html); this script sends the ETag of what is shown with each
   ask, so that nothing new is a 304 and swaps nothing, ticks the round clock down to the
   server's `ends_at` every second, says what changed for the player in a sentence, and
   when the page last heard from the server. */
(function () {
  "use strict";

  var live = document.getElementById("player-live");
  var updated = document.getElementById("player-updated");
  if (!live || !updated) return;
  var etag = live.dataset.etag;
  var lastOk = Date.now();
  var failed = false;

  live.addEventListener("htmx:beforeRequest", function (event) {
    if (document.hidden) event.preventDefault();  // asked again when the page is seen again
  });
  live.addEventListener("htmx:configRequest", function (event) {
    event.detail.headers["If-None-Match"] = etag;
  });
  live.addEventListener("htmx:afterRequest", function (event) {
    failed = event.detail.successful !== true;
    if (failed) return;
    lastOk = Date.now();
    etag = event.detail.xhr.getResponseHeader("ETag") || etag;
  });
  live.addEventListener("htmx:afterSwap", tick);

  // What the page says to a screen reader: the live part's sentence, only when it differs
  // from the last one (another player's move redraws the page but changes nothing of yours).
  var news = document.getElementById("player-news");
  function sentence() {
    var found = live.querySelector("[data-news]");
    return found ? found.textContent.replace(/\s+/g, " ").trim() : "";
  }
  MonopolyNight.sayChanges(live, sentence, news);

  function tick() {
    var clock = live.querySelector(".p-clock[data-ends-at]");
    if (clock) window.MonopolyNight.tick(clock);  // format.js
  }

  function drawUpdated() {
    var seconds = Math.round((Date.now() - lastOk) / 1000);
    // Its words in the page's language: Django's JavaScript catalogue (/i18n/js/<language>.js, djangojs.po).
    var said = { seconds: seconds };
    if (failed) {
      updated.textContent = interpolate(gettext("No connection: showing what was known %(seconds)s s ago. Trying again."), said, true);
    } else if (seconds < 2) {
      updated.textContent = gettext("Up to date (checked just now). Nothing on this page can change the game.");
    } else {
      updated.textContent = interpolate(gettext("Up to date (checked %(seconds)s s ago). Nothing on this page can change the game."), said, true);
    }
  }

  tick();
  setInterval(function () { tick(); drawUpdated(); }, 1000);
})();
