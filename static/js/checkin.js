/* The desk's check-in page: the camera reads players' QR codes with jsQR (static/vendor/,
   from package.json) and checks each one in with one POST; the live count refreshes every
   few seconds; the list by name keeps one-tap ticks (desk.js) and a search. A photo of a
   code goes through the same reader. Every part works without this file (the list, the
   typed code). */
(function () {
  "use strict";

  var root = document.getElementById("checkin");
  if (!root) return;
  var scanUrl = root.dataset.scanUrl;
  var statusUrl = root.dataset.statusUrl;
  var csrf = (root.querySelector("input[name=csrfmiddlewaretoken]") || {}).value || "";
  var video = root.querySelector("[data-video]");
  var viewfinder = root.querySelector("[data-viewfinder]");
  var startButton = root.querySelector("[data-camera-start]");
  var stopButton = root.querySelector("[data-camera-stop]");
  var stateLine = root.querySelector("[data-scan-state]");
  var resultBox = root.querySelector("[data-scan-result]");
  var resultName = root.querySelector("[data-scan-name]");
  var resultText = root.querySelector("[data-scan-text]");
  var codeForm = root.querySelector("[data-code-form]");
  var fileInput = root.querySelector("[data-scan-file]");
  var onlyMissing = root.querySelector("[data-only-missing]");
  var canvas = document.createElement("canvas");
  var context = canvas.getContext("2d", { willReadFrequently: true });

  function say(text) { stateLine.textContent = text; }
  function setText(selector, value) {
    document.querySelectorAll(selector).forEach(function (el) { el.textContent = value; });
  }

  // ------------------------------------------------------------------ the live count
  function showCounts(counts) {
    setText("[data-count-checked]", counts.checked_in);
    setText("[data-count-registered]", counts.expected);
    setText("[data-count-missing]", counts.missing);
    if (!counts.checked_in_ids) return;
    var inside = {};
    counts.checked_in_ids.forEach(function (id) { inside[id] = true; });
    root.querySelectorAll("tr[data-player]").forEach(function (row) {
      var button = row.querySelector("button.toggle");
      var input = row.querySelector("input[data-on]");
      if (!button || button.disabled) return;
      var pressed = !!inside[row.dataset.player];
      button.setAttribute("aria-pressed", pressed ? "true" : "false");
      input.value = pressed ? input.dataset.on : input.dataset.off;
    });
    filterMissing();
  }

  function poll() {
    if (document.hidden) return;
    fetch(statusUrl, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then(showCounts)
      .catch(function () { /* the next poll tries again */ });
  }
  setInterval(poll, 5000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });

  // A tick by name (desk.js answers it) changes the count too: ask at once.
  root.addEventListener("submit", function (event) {
    if (event.target.matches("form[data-toggle]")) setTimeout(poll, 600);
  });

  // ------------------------------------------------------------------ only those missing
  function filterMissing() {
    if (!onlyMissing) return;
    var query = ((root.querySelector("[data-find-input]") || {}).value || "").trim().toLowerCase();
    root.querySelectorAll("tr[data-player]").forEach(function (row) {
      var pressed = row.querySelector("button.toggle").getAttribute("aria-pressed") === "true";
      var matches = !query || row.dataset.name.indexOf(query) !== -1;
      row.hidden = !matches || (onlyMissing.checked && pressed);
    });
  }
  if (onlyMissing) onlyMissing.addEventListener("change", filterMissing);
  var find = root.querySelector("[data-find-input]");
  if (find) find.addEventListener("input", function () { setTimeout(filterMissing, 0); });

  // ------------------------------------------------------------------ one scan, one POST
  var lastCode = "", lastAt = 0, busy = false;

  function show(kind, name, text) {
    resultBox.hidden = false;
    resultBox.className = "scan-result is-" + kind;
    resultName.textContent = name;
    resultText.textContent = text;
  }

  function checkIn(code) {
    var now = Date.now();
    if (busy || (code === lastCode && now - lastAt < 4000)) return;  // the same code, still in view
    lastCode = code;
    lastAt = now;
    busy = true;
    var body = new FormData();
    body.append("code", code);
    fetch(scanUrl, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrf, "X-Requested-With": "fetch", Accept: "application/json" },
    }).then(function (response) {
      return response.json().then(function (data) { return { status: response.status, data: data }; });
    }).then(function (answer) {
      var data = answer.data;
      if (data.counts) showCounts(data.counts);
      if (answer.status === 200 && data.result === "checked_in") {
        show("ok", "\u2713 " + window.MonopolyNight.isolated(data.player.name), gettext("Checked in. Welcome!"));
        if (navigator.vibrate) navigator.vibrate(80);
      } else if (answer.status === 200) {
        show("already", data.player.name, data.message);
      } else {
        show("error", answer.status === 404 ? gettext("Unknown code") : gettext("Not checked in"), data.detail || gettext("Try again."));
      }
    }).catch(function () {
      show("error", gettext("No connection"), gettext("The scan did not reach the desk's server: try again."));
      lastCode = "";
    }).finally(function () { busy = false; });
  }

  function decode(source, width, height) {
    if (!window.jsQR) return null;
    var scale = Math.min(1, 800 / Math.max(width, height));
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    var image = context.getImageData(0, 0, canvas.width, canvas.height);
    var found = window.jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
    return found && found.data ? found.data : null;
  }

  // ------------------------------------------------------------------ the camera
  var stream = null, looking = false;

  function readerMissing() {
    say(gettext("The QR code reader is not installed on this server (run the setup again); check players in by name, or type their code."));
  }

  function look() {
    if (!looking) return;
    if (video.readyState >= 2 && video.videoWidth) {
      var code = decode(video, video.videoWidth, video.videoHeight);
      if (code) checkIn(code);
    }
    setTimeout(function () { window.requestAnimationFrame(look); }, 120);
  }

  function start() {
    if (!window.jsQR) { readerMissing(); return; }
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      say(gettext("This browser cannot use the camera here (it needs HTTPS): check players in by name."));
      return;
    }
    say(gettext("Starting the camera…"));
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(function (media) {
        stream = media;
        video.srcObject = media;
        viewfinder.hidden = false;
        startButton.hidden = true;
        stopButton.hidden = false;
        return video.play();
      })
      .then(function () {
        looking = true;
        say(gettext("Camera on: hold a code in view. Each code checks its player in once."));
        try { window.localStorage.setItem("checkin.camera", "on"); } catch (e) { /* private mode */ }
        look();
      })
      .catch(function (error) {
        var denied = error && (error.name === "NotAllowedError" || error.name === "SecurityError");
        say(denied ? gettext("The camera is not allowed: allow it in the browser, or check players in by name.")
                   : gettext("No camera found: check players in by name, or type their code."));
      });
  }

  function stop() {
    looking = false;
    if (stream) stream.getTracks().forEach(function (track) { track.stop(); });
    stream = null;
    video.srcObject = null;
    viewfinder.hidden = true;
    startButton.hidden = false;
    stopButton.hidden = true;
    say(gettext("Camera off."));
    try { window.localStorage.setItem("checkin.camera", "off"); } catch (e) { /* private mode */ }
  }

  startButton.addEventListener("click", start);
  stopButton.addEventListener("click", stop);
  document.addEventListener("visibilitychange", function () {
    if (document.hidden && stream) stop();
  });

  // ------------------------------------------------------------------ a photo of a code
  if (fileInput) {
    fileInput.addEventListener("change", function () {
      var file = fileInput.files && fileInput.files[0];
      if (!file) return;
      if (!window.jsQR) { readerMissing(); return; }
      var image = new Image();
      var url = URL.createObjectURL(file);
      image.onload = function () {
        var code = decode(image, image.naturalWidth, image.naturalHeight);
        URL.revokeObjectURL(url);
        fileInput.value = "";
        if (code) { lastCode = ""; checkIn(code); }
        else show("error", gettext("No code found"), gettext("No QR code could be read in that picture: try a sharper one."));
      };
      image.onerror = function () { URL.revokeObjectURL(url); show("error", gettext("Not a picture"), gettext("That file is not an image.")); };
      image.src = url;
    });
  }

  // ------------------------------------------------------------------ a typed code
  codeForm.addEventListener("submit", function (event) {
    var input = codeForm.querySelector("input[name=code]");
    if (!input.value.trim()) { event.preventDefault(); return; }
    event.preventDefault();
    lastCode = "";
    checkIn(input.value.trim());
    input.value = "";
    input.focus();
  });

  window.addEventListener("load", function () {
    if (!window.jsQR) { readerMissing(); return; }
    var remembered = null;
    try { remembered = window.localStorage.getItem("checkin.camera"); } catch (e) { /* private mode */ }
    if (remembered === "on") start();
  });
})();
