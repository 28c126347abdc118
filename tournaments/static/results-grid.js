// The result grid for every discipline. Which fields an entry (a board, or a whole match) has and
// which keys each accepts come from the page (#grid-spec, built by the desk view from the
// discipline): nothing here asks which discipline it serves. Any other key, and pasted or
// dropped text, is refused with a message that lists the keys that work.
// Every key is saved at once through the API (…/matches/<id>/result/, the same write as every
// other client), one save after another so each names the version the previous answer returned.
// Conflicts are per entry (a board, or the match's own result): another arbiter's save to another
// board of the match is no conflict, and its result appears here with the next answer. After a
// 409 the entry shows the other arbiter's change and the saves of that entry still waiting are
// dropped: they were typed against a state that no longer exists, and re-sending them on the
// fresh version would overwrite that change (a lost update). A 409 with "retry" is no such
// conflict: the write met another one at the same moment and nothing was saved, so the same save
// is sent again after Retry-After (a few times) and the key is never dropped.
// An entry that takes fewer keys than its field (data-keys: a board with an empty seat, where only
// the forfeits are results) is left out of the keyboard path, and a key it does not take is refused
// on the spot: a refused key never saves and never moves the cursor. One message at a time: the
// next save or refusal replaces whatever another match said before.
(function () {
  "use strict";
  const grid = document.getElementById("grid");
  const specNode = document.getElementById("grid-spec");
  if (!grid || !specNode) return;
  const FIELDS = JSON.parse(specNode.textContent).fields;
  const csrf = (document.cookie.match(/(?:^|; )csrftoken=([^;]+)/) || [])[1] || "";
  const inputs = Array.from(grid.querySelectorAll("[data-field]"));
  let queue = Promise.resolve();
  const RETRIES = 4;  // sends of one save the server refused only for meeting another write
  // A page the browser kept for Back/Forward (its back-forward cache) holds the versions and
  // results of when it was left: load it again rather than type on them (desk pages are no-store).
  window.addEventListener("pageshow", (event) => { if (event.persisted) window.location.reload(); });

  const sectionOf = (el) => el.closest("section.match");
  const entryOf = (el) => el.closest(".entry");
  const fieldsOf = (entry) => Array.from(entry.querySelectorAll("[data-field]"));
  const fieldIn = (entry, name) => entry.querySelector('[data-field="' + name + '"]');

  function fmt(value) {
    if (value === null || value === undefined) return "–";
    const halves = Math.round(value * 2), whole = Math.floor(halves / 2);
    return halves % 2 ? (whole ? whole + "½" : "½") : String(whole);
  }

  function show(el, value) {
    el.value = value === null || value === undefined ? "" : String(value);
    el.dataset.shown = el.value;
    if (FIELDS[el.dataset.field].counts) el.classList.toggle("missing", !el.value);
  }

  // A field's value in the match as the API shows it (selectors/match_view.py). A field that is
  // one part of a joined value (a table's places, one per seat) reads its part.
  function valueIn(match, entry, name, el) {
    const join = FIELDS[name].join;
    if (join) return ((match[join] || "").split(" ")[Number(el.dataset.part) - 1]) || "";
    if (!entry.dataset.board) return match[name];
    const board = match.boards.find((b) => String(b.board) === entry.dataset.board);
    return board ? board[name] : "";
  }

  // The stored state of the match; an entry's fields show it too where ``display(entry)`` says so
  // (not where the TD has typed on in that entry and a later save of it is waiting).
  function showMatch(section, match, display) {
    section.dataset.version = match.version;
    for (const entry of section.querySelectorAll(".entry")) {
      for (const el of fieldsOf(entry)) {
        const value = valueIn(match, entry, el.dataset.field, el);
        el.dataset.saved = value === null || value === undefined ? "" : String(value);
        if (display(entry)) show(el, value);
      }
    }
    // a table's seats show the points their places score, as the API computed them
    const seats = match.boards.length ? match.boards[0].seats : [];
    for (const cell of section.querySelectorAll("[data-role=points][data-part]")) {
      const seat = seats.find((s) => String(s.position) === cell.dataset.part);
      cell.textContent = fmt(seat && seat.points);
    }
    const score = match.score;
    if (!score) return;
    const points = section.querySelector("[data-role=score]"), mp = section.querySelector("[data-role=mp]");
    if (points) points.textContent = fmt(score.first) + " : " + fmt(score.second);
    if (mp) mp.textContent = score.first_mp === null ? "–" : fmt(score.first_mp) + " : " + fmt(score.second_mp);
    section.classList.toggle("complete", score.missing === 0);
  }

  function updateMissing() {
    // entries still lacking a result: a board or match without one, a table with a seat unplaced
    const count = new Set(inputs.filter((el) => FIELDS[el.dataset.field].counts && !el.value).map(entryOf)).size;
    const node = document.getElementById("missing-count");
    if (node) { node.dataset.missing = count; node.textContent = node.textContent.replace(/^\d+/, String(count)); }
  }

  function say(section, text, error) {
    for (const other of grid.querySelectorAll(".status")) {
      if (!other.closest("section.match").isSameNode(section)) { other.textContent = ""; other.classList.remove("error"); }
    }
    const status = section.querySelector(".status");
    status.textContent = text;
    status.classList.toggle("error", error);
  }

  function payload(entry) {
    const data = {};
    if (entry.dataset.board) data.board = Number(entry.dataset.board);
    for (const el of fieldsOf(entry)) {
      const join = FIELDS[el.dataset.field].join;
      if (join) data[join] = data[join] === undefined ? el.value : data[join] + " " + el.value;
      else data[el.dataset.field] = el.value === "" ? FIELDS[el.dataset.field].empty : el.value;
    }
    for (const key of Object.keys(data)) if (typeof data[key] === "string") data[key] = data[key].trim();
    return data;
  }

  // An entry whose fields make one value together (a table's places) is saved once every part is
  // typed, or once every part is cleared; the other fields are saved at every key.
  function ready(entry) {
    const parts = fieldsOf(entry).filter((el) => FIELDS[el.dataset.field].join);
    return !parts.length || parts.every((el) => el.value !== "") || parts.every((el) => el.value === "");
  }

  const waiting = (entry) => Number(entry.dataset.waiting || 0);

  // The server refused a key the grid had taken: the cursor goes back to its field, unless the TD
  // has typed on since (those keys are saved where they were typed).
  const back = (el) => { if (grid.dataset.pending === "1") focus(el); };

  function save(entry, typed) {
    const section = sectionOf(entry);
    const sent = payload(entry);
    const epoch = entry.dataset.epoch || "0";
    entry.dataset.waiting = String(waiting(entry) + 1);
    for (const el of fieldsOf(entry)) el.classList.remove("error");
    typed.classList.add("saving");
    say(section, grid.dataset.msgSaving, false);
    grid.dataset.pending = String(Number(grid.dataset.pending) + 1);
    queue = queue.then(async () => {
      const idle = (other) => waiting(other) === (other === entry ? 1 : 0);  // no later save of it waits
      try {
        if (epoch !== (entry.dataset.epoch || "0")) return;  // typed before a conflict: dropped, never re-sent
        const body = JSON.stringify({ ...sent, version: Number(section.dataset.version) });
        let response, data;
        for (let attempt = 1; ; attempt++) {
          response = await fetch(section.dataset.url, {
            method: "POST", credentials: "same-origin",
            headers: { "X-CSRFToken": csrf, "Content-Type": "application/json", "Accept": "application/json" },
            body,
          });
          data = await response.json();
          if (response.status !== 409 || !data.retry || attempt === RETRIES) break;
          await new Promise((done) => setTimeout(done, 1000 * Number(response.headers.get("Retry-After") || 1)));
        }
        if (response.ok) {
          showMatch(section, data, idle);
          say(section, grid.dataset.msgSaved, false);
        } else if (response.status === 409 && !data.retry) {
          entry.dataset.epoch = String(Number(epoch) + 1);
          showMatch(section, data.current, (other) => other === entry || idle(other));
          typed.classList.add("error");
          say(section, data.detail + " " + grid.dataset.msgConflict + " " + (typed.value || grid.dataset.msgNone), true);
          back(typed);
        } else {
          if (idle(entry)) for (const el of fieldsOf(entry)) show(el, el.dataset.saved);
          const named = fieldsOf(entry).find((el) => el.dataset.field === data.field);
          (named || typed).classList.add("error");
          say(section, data.detail, true);
          back(named || fieldsOf(entry).find((el) => !el.value) || typed);  // a table's places: its first seat
        }
      } catch (e) {
        for (const el of fieldsOf(entry)) show(el, el.dataset.saved);
        typed.classList.add("error");
        say(section, grid.dataset.msgFailed, true);
      } finally {
        typed.classList.remove("saving");
        entry.dataset.waiting = String(waiting(entry) - 1);
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
  const limited = (entry) => entry.dataset.keys !== undefined;  // the keys it takes, where fewer than its field's
  const inPath = (el) => !limited(entryOf(el));
  function move(el, step) {  // the next field in the keyboard path, or stay
    const from = inputs.indexOf(el);
    for (let at = from + step; at >= 0 && at < inputs.length; at += step) if (inPath(inputs[at])) return focus(inputs[at]);
  }
  const nextEntry = (el) => focus(inputs.slice(inputs.indexOf(el) + 1).find((other) => entryOf(other) !== entryOf(el) && inPath(other)));

  function refuse(el, text) {
    say(sectionOf(el), text, true);
    el.classList.add("refused");
    setTimeout(() => el.classList.remove("refused"), 800);
  }
  const keyList = (name, entry) =>
    (limited(entry) ? entry.dataset.keys : Object.keys(FIELDS[name].keys).join(" ")) + " · " + grid.dataset.msgBackspace;
  const refusedKey = (el, key) =>
    grid.dataset.msgRefused.replace("{key}", key) + " " + keyList(el.dataset.field, entryOf(el));

  for (const el of inputs) {
    const spec = FIELDS[el.dataset.field];
    el.dataset.saved = el.dataset.shown = el.value;
    el.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;  // a paste that follows is refused below
      const entry = entryOf(el), action = spec.keys[event.key];
      if (action && limited(entry) && !entry.dataset.keys.split(" ").includes(event.key)) {
        event.preventDefault();  // not a result this entry can have: refused here, neither saved nor moved on
        refuse(el, entry.dataset.reason + " " + refusedKey(el, event.key));
      } else if (action) {
        event.preventDefault();
        show(el, action.value);
        for (const name of action.clears) if (fieldIn(entry, name)) show(fieldIn(entry, name), "");
        if (ready(entry)) save(entry, el);
        if (action.then === "next-entry") nextEntry(el);
        else if (action.then) focus(fieldIn(entry, action.then));
        else move(el, 1);
      } else if (event.key === "Backspace" || event.key === "Delete") {
        event.preventDefault();
        show(el, "");
        for (const name of spec.clears) if (fieldIn(entry, name)) show(fieldIn(entry, name), "");
        if (ready(entry)) save(entry, el);
      } else if (["Enter", "ArrowDown", "ArrowRight"].includes(event.key)) {
        event.preventDefault();
        move(el, 1);
      } else if (["ArrowUp", "ArrowLeft"].includes(event.key)) {
        event.preventDefault();
        move(el, -1);
      } else if (event.key.length === 1) {
        event.preventDefault();
        refuse(el, refusedKey(el, event.key));
      }
    });
    for (const kind of ["paste", "drop"]) {
      el.addEventListener(kind, (event) => { event.preventDefault(); refuse(el, grid.dataset.msgPasted); });
    }
    if (el.tagName === "SELECT") {
      el.addEventListener("change", () => save(entryOf(el), el));  // chosen with the mouse
    } else {
      el.addEventListener("input", () => {  // text that came some other way (autofill, an input method)
        show(el, el.dataset.shown);
        refuse(el, grid.dataset.msgPasted);
      });
    }
  }
  const first = inputs.find((el) => FIELDS[el.dataset.field].counts && !el.value && inPath(el)) || inputs.find(inPath);
  focus(first);
})();
