// What both result grids (per board, and per match for tandem) share: the CSRF token, points
// written as 2½, a match's score and match points after a save, and the count of missing results.
window.ArbiterGrid = (function () {
  "use strict";
  const csrf = (document.cookie.match(/(?:^|; )csrftoken=([^;]+)/) || [])[1] || "";

  function fmt(value) {
    if (value === null || value === undefined) return "–";
    const halves = Math.round(value * 2), whole = Math.floor(halves / 2);
    return halves % 2 ? (whole ? whole + "½" : "½") : String(whole);
  }

  function showScore(section, score) {
    section.dataset.version = score.version;
    const s = section.querySelector("[data-role=score]");
    const mp = section.querySelector("[data-role=mp]");
    if (s) s.textContent = fmt(score.first) + " : " + fmt(score.second);
    if (mp) mp.textContent = score.first_mp === null ? "–" : fmt(score.first_mp) + " : " + fmt(score.second_mp);
    section.classList.toggle("complete", score.missing === 0);
  }

  function showMissing(count) {
    const el = document.getElementById("missing-count");
    if (el) { el.dataset.missing = count; el.textContent = el.textContent.replace(/^\d+/, String(count)); }
  }

  return { csrf: csrf, fmt: fmt, showScore: showScore, showMissing: showMissing };
})();
