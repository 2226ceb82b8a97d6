/* The print page: ask for a document through the API, follow its progress every second,
   offer the PDF when done, the reason and Retry when it failed. Without this file the
   forms post to the page and it reloads. */
(function () {
  "use strict";

  var jobs = document.querySelector("[data-jobs]");
  if (!jobs || !window.fetch) { return; }
  var POLL_MS = 1000;
  var polling = {};

  function csrf(form) {
    var input = (form || document).querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function api(url, options) {
    options = options || {};
    return fetch(url, {
      method: options.method || "GET",
      credentials: "same-origin",
      headers: {
        "Accept": "application/json",
        "Content-Type": "application/json",
        "X-CSRFToken": options.csrf || csrf()
      },
      body: options.body ? JSON.stringify(options.body) : undefined
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) {
          var error = new Error(data.detail || interpolate(gettext("The server answered %(status)s."), { status: response.status }, true));
          throw error;
        }
        return data;
      });
    });
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function roundLabel(job) { return job.round_label || ""; }

  function retryUrl(job) { return "/api/print-jobs/" + job.id + "/retry/"; }

  function fillState(cell, job) {
    cell.textContent = "";
    if (job.status === "done") {
      cell.appendChild(el("span", { "class": "badge ok" }, gettext("Done")));
      cell.appendChild(document.createTextNode(" "));
      cell.appendChild(el("span", { "class": "small" }, interpolate(ngettext("%(count)s page", "%(count)s pages", job.pages), { count: job.pages }, true)));
    } else if (job.status === "failed") {
      cell.appendChild(el("span", { "class": "badge danger" }, gettext("Failed")));
      cell.appendChild(document.createTextNode(" "));
      cell.appendChild(el("span", { "class": "small error", "data-error": "" }, job.error));
    } else {
      var bar = el("progress", { max: "100", value: String(job.progress),
        "aria-label": job.kind_label + ": " + job.progress + "%" }, job.progress + "%");
      cell.appendChild(bar);
      cell.appendChild(document.createTextNode(" "));
      cell.appendChild(el("span", { "class": "small" },
        job.status === "running" ? interpolate(gettext("Making… %(progress)s%"), { progress: job.progress }, true) : job.status_label));
    }
    if (job.notice) {
      cell.appendChild(el("p", { "class": "small error", "data-notice": "" }, job.notice));
    }
  }

  function fillActions(box, job) {
    box.textContent = "";
    if (job.status === "done" && job.file_url) {
      box.appendChild(el("a", { "class": "btn", href: job.file_url, target: "_blank", rel: "noopener" }, gettext("Open PDF")));
      box.appendChild(el("a", { "class": "btn", href: job.file_url + "?download=1" }, gettext("Download")));
    }
    if (job.retryable) {
      var form = el("form", { method: "post", action: "/print/jobs/" + job.id + "/retry/", "data-retry": retryUrl(job) });
      var token = el("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrf() });
      var label = { failed: gettext("Retry"), done: gettext("Make again") }[job.status] || gettext("Send again");
      var button = el("button", { type: "submit" }, label);
      if (job.status === "done") { button.className = "quiet"; }
      form.appendChild(token);
      form.appendChild(button);
      box.appendChild(form);
    }
  }

  function show(row, job) {
    row.dataset.status = job.status;
    fillState(row.querySelector("[data-state]"), job);
    fillActions(row.querySelector("[data-actions]"), job);
  }

  function newRow(job) {
    var row = el("tr", { "data-job": String(job.id), "data-status": job.status,
      "data-url": "/api/print-jobs/" + job.id + "/" });
    var what = el("td");
    what.appendChild(el("strong", {}, job.kind_label));
    if (roundLabel(job)) {
      what.appendChild(el("br"));
      what.appendChild(el("span", { "class": "small muted" }, roundLabel(job)));
    }
    var asked = el("td", { "class": "small" }, gettext("Just now"));
    var state = el("td", { "data-state": "", "aria-live": "polite" });
    var actions = el("td");
    actions.appendChild(el("div", { "data-actions": "", "class": "print-actions" }));
    [what, asked, state, actions].forEach(function (cell) { row.appendChild(cell); });
    var empty = jobs.querySelector("[data-empty]");
    if (empty) { empty.remove(); }
    jobs.insertBefore(row, jobs.firstChild);
    show(row, job);
    return row;
  }

  function follow(row) {
    var id = row.dataset.job;
    if (polling[id]) { return; }
    polling[id] = true;
    (function tick() {
      api(row.dataset.url).then(function (job) {
        show(row, job);
        if (job.status === "waiting" || job.status === "queued" || job.status === "running") {
          window.setTimeout(tick, POLL_MS);
        } else {
          delete polling[id];
        }
      }).catch(function () {
        window.setTimeout(tick, POLL_MS * 5);  // the network hiccuped: try again, more slowly
      });
    })();
  }

  document.querySelectorAll("form[data-print-form]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var button = form.querySelector("button[type=submit]");
      var error = form.querySelector("[data-form-error]");
      var round = form.querySelector("select[name=round]");
      error.hidden = true;
      button.disabled = true;
      api(form.dataset.api, {
        method: "POST",
        csrf: csrf(form),
        body: { kind: form.querySelector("input[name=kind]").value, round: round ? Number(round.value) : null }
      }).then(function (job) {
        follow(newRow(job));
      }).catch(function (problem) {
        error.textContent = problem.message;
        error.hidden = false;
      }).finally(function () {
        button.disabled = false;
      });
    });
  });

  jobs.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-retry]");
    if (!form) { return; }
    event.preventDefault();
    var row = form.closest("tr");
    api(form.dataset.retry, { method: "POST", csrf: csrf(form) }).then(function (job) {
      show(row, job);
      follow(row);
    }).catch(function (problem) {
      var cell = row.querySelector("[data-state]");
      cell.appendChild(el("span", { "class": "small error", role: "alert" }, " " + problem.message));
    });
  });

  jobs.querySelectorAll("tr[data-job]").forEach(function (row) {
    if (["waiting", "queued", "running"].indexOf(row.dataset.status) >= 0) { follow(row); }
  });
})();
