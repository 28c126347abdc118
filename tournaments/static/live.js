// Live public pages of a running tournament (templates/public/_tournament.html).
// Every data-live-poll seconds the page asks for its data part with the ETag it shows; nothing
// changed costs a 304 without a body, a change (a published round, a corrected result) replaces
// the data part in place, "Last updated" included. Hidden tabs do not ask.
// A publication's static copy (tournaments/services/publication.py) names its version.json in
// data-publication instead: when that names another version, the page goes to its copy there.
(function () {
  "use strict";
  const live = document.getElementById("live");
  if (!live || !live.dataset.livePoll) return;
  let etag = live.dataset.etag;

  async function followPublication() {
    let current;
    try {
      current = await (await fetch(live.dataset.publication, { cache: "no-cache" })).json();
    } catch (error) {
      return; // the web space or the Wi-Fi is away: try again next time
    }
    const path = window.location.pathname.replace(/\/v\/[0-9a-f]+\//, "/v/" + current.version + "/");
    if (path !== window.location.pathname) window.location.replace(path + window.location.hash);
  }

  async function refresh() {
    if (document.hidden) return;
    if (live.dataset.publication) return followPublication();
    let response;
    try {
      response = await fetch(window.location.href, {
        headers: { "HX-Request": "true", "If-None-Match": etag },
        cache: "no-store", // we revalidate ourselves: a 304 must reach this code as a 304
        credentials: "same-origin",
      });
    } catch (error) {
      return; // the hall's Wi-Fi dropped: try again next time
    }
    if (response.status !== 200) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("live");
    if (!fresh) return;
    etag = response.headers.get("ETag") || fresh.dataset.etag || etag;
    live.replaceChildren(...fresh.childNodes);
  }

  window.setInterval(refresh, Number(live.dataset.livePoll) * 1000);
})();
