// The game modules this client has (web/js/games/<game>/screen.js and guide.js), so the shell
// imports only modules that exist: a missing one is a 404 (a console error) before the generic
// screen or guide takes over. A game's new module is listed here too.
export const SCREENS = new Set(["mtaani", "jiji", "mulodi"]);
export const GUIDES = new Set(["mtaani", "jiji", "mulodi"]);
