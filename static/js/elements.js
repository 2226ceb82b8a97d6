/* Building page parts without innerHTML, the one way a script does it (the console, which
   draws from the bank's JSON; every other page is drawn by the server):
     MonopolyNight.h("p", {className: "note", text: "Hello"}, [child, "text"])
     MonopolyNight.h("button", {class: "x", onclick: fn, dataset: {seat: 2}}, "Tap", child)
   An attribute that is null, undefined or false is left out; true sets it empty; a function
   under an on... name listens to that event. Children may be given as arrays, nested or not;
   null, undefined and false are skipped; anything not a node becomes text. */
(function () {
  "use strict";

  function append(node, child) {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) {
      child.forEach(function (c) { append(node, c); });
      return;
    }
    node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }

  function h(tag, attrs) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === null || value === undefined || value === false) return;
      if (name === "text") node.textContent = value;
      else if (name === "className") node.className = value;
      else if (name === "dataset") Object.assign(node.dataset, value);
      else if (typeof value === "function" && name.slice(0, 2) === "on") node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : value);
    });
    for (var i = 2; i < arguments.length; i += 1) append(node, arguments[i]);
    return node;
  }

  window.MonopolyNight = window.MonopolyNight || {};
  window.MonopolyNight.h = h;
})();
