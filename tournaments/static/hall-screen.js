// The hall screen (templates/public/screen.html): shows one panel at a time and moves to the next
// after the seconds the director chose (data-seconds). static/live.js swaps the panels in place when
// something is published; the screen stays on the panel it was showing.
(function () {
  "use strict";
  const live = document.getElementById("live");
  if (!live) return;
  let index = 0;

  function show() {
    const panels = live.querySelectorAll(".screen-panel");
    if (!panels.length) return;
    index %= panels.length;
    panels.forEach((panel, i) => panel.classList.toggle("current", i === index));
    fit(panels[index]);
  }

  // A long round (many matches, many boards) shrinks its type until it fits the screen: a
  // spectator must never miss the bottom table. Not below 16 px.
  function fit(panel) {
    panel.style.fontSize = "";
    let size = parseFloat(getComputedStyle(panel).fontSize);
    while (panel.getBoundingClientRect().bottom > window.innerHeight && size > 16) {
      size -= 1;
      panel.style.fontSize = `${size}px`;
    }
  }

  function later() {
    const box = live.querySelector(".screen-panels"); // read again: the director may change it
    window.setTimeout(next, Number(box && box.dataset.seconds) * 1000 || 20000);
  }

  function next() {
    index += 1;
    show();
    later();
  }

  new MutationObserver(show).observe(live, { childList: true });
  window.addEventListener("resize", show);
  show();
  later();
})();
