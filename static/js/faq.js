/* The rules FAQ: a word when the search box's answers cannot be fetched, the briefing one
   question at a time (Previous/Next, arrow keys, Page Up/Down from a presenter's clicker)
   and the organiser's picking form. Without this script the briefing shows every question. */
(function () {
  "use strict";

  // The search box's answers come by htmx (faq/_search.html); when they cannot, it says so.
  function searchFailed(event) {
    var results = event.detail.target;
    if (!results || !results.hasAttribute("data-faq-results")) return;
    var note = document.createElement("p");
    note.className = "faq-none";
    note.textContent = gettext("The answers could not be loaded. Press Search to try again.");
    results.replaceChildren(note);
  }
  document.addEventListener("htmx:sendError", searchFailed);
  document.addEventListener("htmx:responseError", searchFailed);

  function setUpBriefing(root) {
    var items = Array.prototype.slice.call(root.querySelectorAll("[data-briefing-item]"));
    if (items.length < 2) return;
    root.classList.add("one-at-a-time");
    var current = 0;

    function indexFromHash() {
      var match = /^#item-(\d+)$/.exec(window.location.hash);
      var n = match ? parseInt(match[1], 10) - 1 : 0;
      return Math.min(Math.max(n, 0), items.length - 1);
    }

    function show(index, focus) {
      current = Math.min(Math.max(index, 0), items.length - 1);
      items.forEach(function (item, i) { item.hidden = i !== current; });
      var id = items[current].id;
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "#" + id);
      }
      window.scrollTo(0, 0);
      if (focus) {
        var heading = items[current].querySelector("h2");
        heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
    }

    root.addEventListener("click", function (event) {
      var link = event.target.closest("[data-step]");
      if (!link) return;
      event.preventDefault();
      show(current + parseInt(link.dataset.step, 10), true);
    });
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target.closest("input, textarea, select")) return;
      var step = { ArrowRight: 1, PageDown: 1, ArrowLeft: -1, PageUp: -1 }[event.key];
      if (event.key === "Home") { event.preventDefault(); show(0, true); return; }
      if (event.key === "End") { event.preventDefault(); show(items.length - 1, true); return; }
      if (!step) return;
      event.preventDefault();
      show(current + step, true);
    });
    window.addEventListener("hashchange", function () { show(indexFromHash(), false); });
    show(indexFromHash(), false);
  }

  // The organiser's picking form: ticking a question numbers it last, unticking clears its
  // number, typing a number ticks it.
  function setUpPicking(form) {
    function orderOf(box) { return form.querySelector("#order-" + box.value); }
    function highest() {
      var numbers = Array.prototype.map.call(
        form.querySelectorAll("input[name=pick]:checked"),
        function (box) { return parseInt(orderOf(box).value, 10) || 0; }
      );
      return Math.max.apply(null, [0].concat(numbers));
    }
    form.addEventListener("change", function (event) {
      var box = event.target;
      if (box.name === "pick") {
        var order = orderOf(box);
        if (box.checked && !order.value) order.value = highest() + 1;
        if (!box.checked) order.value = "";
      } else if (/^order-/.test(box.name) && box.value) {
        form.querySelector("#pick-" + box.name.slice(6)).checked = true;
      }
    });
  }

  document.querySelectorAll("form[data-briefing-picks]").forEach(setUpPicking);
  document.querySelectorAll("[data-briefing]").forEach(setUpBriefing);
})();
