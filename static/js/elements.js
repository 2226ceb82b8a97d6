/* Building page parts without innerHTML, for the player's page and the big screen:
   MonopolyNight.h("p", {className: "note", text: "Hello"}, [child, "text"]).
   An attribute that is null, undefined or false is left out; true sets it empty.
   A child that is null, undefined or false is skipped; a string becomes text. */
(function () {
  "use strict";

  function h(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === null || value === undefined || value === false) return;
      if (name === "text") node.textContent = value;
      else if (name === "className") node.className = value;
      else node.setAttribute(name, value === true ? "" : value);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined || child === false) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  window.MonopolyNight = window.MonopolyNight || {};
  window.MonopolyNight.h = h;
})();
