// Keyboard result entry: one key per board, saved at once, cursor to the next board.
// Saves run one after another so each sends the match version the previous one returned
// (the server refuses stale versions instead of overwriting someone else's change).
(function () {
  "use strict";
  const KEYS = { "1": "1-0", "0": "0-1", "r": "½-½", "R": "½-½", "=": "½-½", "5": "½-½", "+": "+-", "-": "-+", "x": "--", "X": "--" };
  const grid = document.getElementById("grid");
  if (!grid) return;
  const inputs = Array.from(grid.querySelectorAll("input.result"));
  const { csrf, showScore, showMissing } = window.ArbiterGrid;  // grid-common.js
  let queue = Promise.resolve();

  const updateMissing = () => showMissing(inputs.filter((i) => i.classList.contains("missing")).length);

  function mark(input, value) {
    input.value = value;
    input.classList.toggle("missing", !value);
  }

  function save(input, value) {
    const section = input.closest("section.match");
    const status = section.querySelector(".status");
    const before = input.dataset.saved !== undefined ? input.dataset.saved : input.defaultValue;
    mark(input, value);
    input.classList.add("saving");
    status.classList.remove("error");
    status.textContent = grid.dataset.msgSaving;
    grid.dataset.pending = String(Number(grid.dataset.pending || 0) + 1);
    queue = queue.then(async () => {
      const body = new URLSearchParams({ result: value, version: section.dataset.version });
      try {
        const response = await fetch(input.dataset.url, {
          method: "POST", body: body, credentials: "same-origin",
          headers: { "X-CSRFToken": csrf, "Accept": "application/json" },
        });
        const data = await response.json();
        if (response.ok) {
          input.dataset.saved = data.result;
          mark(input, data.result);
          input.classList.remove("error");
          showScore(section, data.score);
          status.textContent = grid.dataset.msgSaved;
        } else {
          input.classList.add("error");
          status.classList.add("error");
          if (data.conflict) {
            showScore(section, data.score);
            for (const other of section.querySelectorAll("input.result")) {
              const current = data.boards[other.dataset.url.match(/(\d+)\/$/)[1]];
              if (current !== undefined) { mark(other, current); other.dataset.saved = current; }
            }
            status.textContent = data.error + " " + grid.dataset.msgConflict + " " + (data.current || grid.dataset.msgNone);
          } else {
            mark(input, before);
            status.textContent = data.error;
          }
        }
      } catch (e) {
        mark(input, before);
        input.classList.add("error");
        status.classList.add("error");
        status.textContent = grid.dataset.msgFailed;
      } finally {
        input.classList.remove("saving");
        grid.dataset.pending = String(Number(grid.dataset.pending) - 1);
        updateMissing();
      }
    });
  }

  function move(input, step) {
    const next = inputs[inputs.indexOf(input) + step];
    if (next) { next.focus(); next.select(); }
  }

  for (const input of inputs) {
    input.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (KEYS[event.key] !== undefined) {
        event.preventDefault();
        save(input, KEYS[event.key]);
        move(input, 1);
      } else if (event.key === "Backspace" || event.key === "Delete") {
        event.preventDefault();
        save(input, "");
      } else if (event.key === "ArrowDown" || event.key === "ArrowRight" || event.key === "Enter") {
        event.preventDefault();
        move(input, 1);
      } else if (event.key === "ArrowUp" || event.key === "ArrowLeft") {
        event.preventDefault();
        move(input, -1);
      } else if (event.key.length === 1) {
        event.preventDefault();  // anything else would only put text in the field that is not saved
      }
    });
  }
  const first = inputs.find((i) => i.classList.contains("missing")) || inputs[0];
  if (first) { first.focus(); first.select(); }
})();
