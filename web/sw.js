// Service worker: keeps the app shell for offline starts (network first, cache as fallback;
// the API is never cached) and shows Web Push notifications ("your turn"), opening the game
// when one is tapped.

const CACHE = "mtaa-shell-v8";
const SHELL = [
  "./", "index.html", "config.js", "manifest.webmanifest", "css/app.css", "icons/icon.svg",
  "js/app.js", "js/api.js", "js/ui.js", "js/game.js", "js/orders.js", "js/sound.js", "js/dashboard.js", "js/lobby.js",
  "js/account.js", "js/guide.js", "js/replay.js", "js/player.js", "js/shell/words.js", "js/shell/components.js",
  "js/shell/generic.js", "js/shell/track.js", "js/shell/buttons.js", "js/games/modules.js",
  // Game screens are loaded by the view's game; those the client has are kept for offline starts.
  "js/games/mtaani/screen.js", "js/games/mtaani/actionbar.js", "js/games/mtaani/panels.js",
  "js/games/mtaani/buttons.js", "js/games/mtaani/board.js", "js/games/mtaani/actions.js",
  "js/games/mtaani/events.js", "js/games/mtaani/effects.js", "js/games/mtaani/summary.js",
  "js/games/mtaani/guide.js",
  "js/games/jiji/screen.js", "js/games/jiji/actionbar.js", "js/games/jiji/panels.js",
  "js/games/jiji/board.js", "js/games/jiji/actions.js", "js/games/jiji/events.js", "js/games/jiji/jiji.css",
  "js/games/jiji/guide.js",
  "js/games/mulodi/screen.js", "js/games/mulodi/cards.js", "js/games/mulodi/events.js", "js/games/mulodi/mulodi.css",
  "js/games/mulodi/guide.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const shell = event.request.method === "GET" && url.origin === self.location.origin
    && SHELL.some((path) => url.pathname.endsWith(path.replace(/^\.\//, "/")) || (path === "./" && url.pathname === new URL("./", self.location).pathname));
  if (!shell) return; // API calls and everything else go straight to the network
  event.respondWith(fetch(event.request).then((response) => {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(event.request, copy));
    return response;
  }).catch(() => caches.match(event.request)));
});

self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { body: event.data && event.data.text() }; }
  const title = data.title || "Mtaa";
  const options = {
    body: data.body || "Something happened at your table.",
    icon: "icons/icon-192.png",
    badge: "icons/icon-192.png",
    tag: data.tag || (data.game_id ? `turn-${data.game_id}` : "mtaa"),
    data: { url: data.url || (data.game_id ? `./#/game/${data.game_id}` : "./#/") },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = event.notification.data?.url || "./#/";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((clients) => {
    for (const client of clients) {
      if ("focus" in client) {
        client.postMessage({ type: "navigate", url: target });
        return client.focus();
      }
    }
    return self.clients.openWindow(target);
  }));
});
