/* The referee's pages: focus the form a referee opens, and one submit per tap. */
(function () {
  "use strict";

  document.querySelectorAll("details.void, details.ref-adjust").forEach(function (details) {
    details.addEventListener("toggle", function () {
      if (!details.open) return;
      var field = details.querySelector("input[type=text], select");
      if (field) field.focus();
    });
  });

  // A slow network invites a second tap: the ids in the forms already make it harmless,
  // and a disabled button shows that the first one is on its way.
  document.querySelectorAll(".ref form[method=post]").forEach(function (form) {
    form.addEventListener("submit", function () {
      var button = form.querySelector("button[type=submit]");
      if (!button) return;
      setTimeout(function () { button.disabled = true; button.textContent = gettext("Saving…"); }, 0);
    });
  });

  // The page opened on a fresh entry (after a correction): bring the ledger into view.
  if (window.location.hash === "#ledger") {
    var ledger = document.getElementById("ledger");
    if (ledger) ledger.scrollIntoView();
  }
})();
