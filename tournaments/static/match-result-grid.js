// Keyboard result entry for disciplines with one result per match (tandem, Tandem §1.3):
// result key, then the deciding board, then how; every step saves the match at once and moves on.
// Saves run one after another so each sends the match version the previous one returned
// (the server refuses stale versions instead of overwriting someone else's change). A response
// fills the fields only if no later save of the same match is waiting (the TD has typed on), and
// a conflict drops the saves still waiting for that match, so the other TD's change stands.
(function () {
  "use strict";
  const RESULTS = { "1": "1-0", "0": "0-1", "=": "½-½", "r": "½-½", "R": "½-½", "5": "½-½", "+": "+-", "-": "-+", "x": "--", "X": "--" };
  const FORFEITS = ["+-", "-+", "--"];
  const grid = document.getElementById("grid");
  if (!grid) return;
  const sections = Array.from(grid.querySelectorAll("section.match[data-url]"));
  const { csrf, showScore, showMissing } = window.ArbiterGrid;  // grid-common.js
  let queue = Promise.resolve();

  const fields = (section) => ({
    result: section.querySelector("input.result"),
    board: section.querySelector("input.deciding-board"),
    how: section.querySelector("select.decided-by"),
  });
  const values = (section) => {
    const f = fields(section);
    return { result: f.result.value, deciding_board: f.board.value, decided_by: f.how.value };
  };

  function show(section, state) {
    const f = fields(section);
    f.result.value = state.result || "";
    f.board.value = state.deciding_board === null || state.deciding_board === undefined ? "" : String(state.deciding_board);
    f.how.value = state.decided_by || "";
    f.result.classList.toggle("missing", !state.result);
    section.dataset.saved = JSON.stringify(values(section));
  }

  const updateMissing = () => showMissing(sections.filter((s) => !fields(s).result.value).length);

  function save(section) {
    const status = section.querySelector(".status");
    const sent = values(section);
    const f = fields(section);
    const epoch = section.dataset.epoch || "0";
    section.dataset.waiting = String(Number(section.dataset.waiting || 0) + 1);
    for (const field of Object.values(f)) field.classList.remove("error");
    f.result.classList.toggle("missing", !sent.result);
    status.classList.remove("error");
    status.textContent = grid.dataset.msgSaving;
    grid.dataset.pending = String(Number(grid.dataset.pending || 0) + 1);
    queue = queue.then(async () => {
      const latest = () => section.dataset.waiting === "1";
      try {
        if (epoch !== (section.dataset.epoch || "0")) return;  // dropped by a conflict (finally still counts it)
        const body = new URLSearchParams({ ...sent, version: section.dataset.version });
        const response = await fetch(section.dataset.url, {
          method: "POST", body: body, credentials: "same-origin",
          headers: { "X-CSRFToken": csrf, "Accept": "application/json" },
        });
        const data = await response.json();
        if (response.ok) {
          if (latest()) show(section, data);
          else section.dataset.saved = JSON.stringify({ result: data.result, deciding_board: data.deciding_board, decided_by: data.decided_by });
          showScore(section, data.score);
          status.textContent = grid.dataset.msgSaved;
        } else if (data.conflict) {
          section.dataset.epoch = String(Number(epoch) + 1);
          show(section, data);
          showScore(section, data.score);
          status.classList.add("error");
          status.textContent = data.error + " " + grid.dataset.msgConflict;
        } else {
          if (latest()) show(section, JSON.parse(section.dataset.saved || "{}"));
          const named = { result: f.result, deciding_board: f.board, decided_by: f.how }[data.field];
          (named || f.result).classList.add("error");
          status.classList.add("error");
          status.textContent = data.error;
        }
      } catch (e) {
        show(section, JSON.parse(section.dataset.saved || "{}"));
        status.classList.add("error");
        status.textContent = grid.dataset.msgFailed;
      } finally {
        section.dataset.waiting = String(Number(section.dataset.waiting) - 1);
        grid.dataset.pending = String(Number(grid.dataset.pending) - 1);
        updateMissing();
      }
    });
  }

  function focus(el) {
    if (!el) return;
    el.focus();
    if (el.select) el.select();
  }
  const next = (section) => { const s = sections[sections.indexOf(section) + 1]; focus(s && fields(s).result); };
  const previous = (section) => { const s = sections[sections.indexOf(section) - 1]; focus(s && fields(s).how); };
  const plain = (event) => !(event.ctrlKey || event.metaKey || event.altKey);

  for (const section of sections) {
    const f = fields(section);
    section.dataset.saved = JSON.stringify(values(section));

    f.result.addEventListener("keydown", (event) => {
      if (!plain(event)) return;
      const result = RESULTS[event.key];
      if (result !== undefined) {
        event.preventDefault();
        f.result.value = result;
        if (FORFEITS.includes(result) || result === "½-½") f.board.value = "";
        if (FORFEITS.includes(result)) f.how.value = "";
        save(section);
        if (FORFEITS.includes(result)) next(section);
        else focus(result === "½-½" ? f.how : f.board);
      } else if (event.key === "Backspace" || event.key === "Delete") {
        event.preventDefault();
        f.result.value = f.board.value = f.how.value = "";
        save(section);
      } else if (["Enter", "ArrowRight", "Tab"].includes(event.key) && !event.shiftKey) {
        event.preventDefault();
        focus(f.board);
      } else if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
        event.preventDefault();
        previous(section);
      } else if (event.key === "ArrowDown") {
        event.preventDefault();
        next(section);
      } else if (event.key.length === 1) {
        event.preventDefault();  // anything else would only put text in the field that is not saved
      }
    });

    f.board.addEventListener("keydown", (event) => {
      if (!plain(event)) return;
      if (/^[0-9]$/.test(event.key)) {
        event.preventDefault();
        f.board.value = event.key;
        save(section);
        focus(f.how);
      } else if (event.key === "Backspace" || event.key === "Delete") {
        event.preventDefault();
        f.board.value = "";
        save(section);
      } else if (["Enter", "ArrowRight", "Tab"].includes(event.key) && !event.shiftKey) {
        event.preventDefault();
        focus(f.how);
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        focus(f.result);
      } else if (event.key.length === 1) {
        event.preventDefault();
      }
    });

    const keys = {};
    for (const option of f.how.options) if (option.dataset.key) keys[option.dataset.key] = option.value;
    f.how.addEventListener("keydown", (event) => {
      if (!plain(event)) return;
      const how = keys[event.key.toLowerCase()];
      if (how !== undefined) {
        event.preventDefault();
        f.how.value = how;
        save(section);
        next(section);
      } else if (event.key === "Backspace" || event.key === "Delete") {
        event.preventDefault();
        f.how.value = "";
        save(section);
      } else if (["Enter", "ArrowRight", "Tab"].includes(event.key) && !event.shiftKey) {
        event.preventDefault();
        next(section);
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        focus(f.board);
      } else if (event.key.length === 1) {
        event.preventDefault();
      }
    });
    f.how.addEventListener("change", () => save(section));  // chosen with the mouse
  }
  const first = sections.find((s) => !fields(s).result.value) || sections[0];
  if (first) focus(fields(first).result);
})();
