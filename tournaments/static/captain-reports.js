// The desk's captains' reports of a round: the key A accepts the first confirmed report on the
// page, as its "Accept" button does (which also has the access key A, but a browser's access keys
// differ and Firefox only focuses one of several). The page comes back with the next report
// first. One press sends one form: a second A before the page is back sends nothing.
(function () {
  "use strict";
  let sent = false;
  document.addEventListener("keydown", (event) => {
    if (sent || event.key.toLowerCase() !== "a" || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea, [contenteditable]")) return;
    const button = document.querySelector("#captain-reports button[data-accept]");
    if (!button) return;
    event.preventDefault();
    sent = true;
    button.click();
  });
  window.addEventListener("pageshow", (event) => { if (event.persisted) sent = false; });
})();
