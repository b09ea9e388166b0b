// Sound effects made with the Web Audio API (no audio files to ship): dice, a purchase and
// "your turn". Muted state is remembered on the device; the dock's Audio panel changes it.

import { prefs } from "./ui.js";

let ctx = null;

function audio() {
  if (!ctx) {
    const Ctor = window.AudioContext || window.webkitAudioContext;
    if (!Ctor) return null;
    ctx = new Ctor();
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

export const sound = {
  get muted() { return prefs.get("muted", false); },
  set muted(value) { prefs.set("muted", Boolean(value)); },
  get volume() { return prefs.get("volume", 0.5); },
  set volume(value) { prefs.set("volume", Math.min(1, Math.max(0, Number(value)))); },
  /** Counts of effects played (tests and the Audio panel read it). */
  played: { dice: 0, purchase: 0, turn: 0 },

  play(name) {
    if (this.muted) return false;
    const ac = audio();
    if (!ac) return false;
    const effects = { dice: diceSound, purchase: purchaseSound, turn: turnSound };
    if (!effects[name]) return false;
    effects[name](ac, this.volume);
    this.played[name] += 1;
    document.body.dataset.soundsPlayed = String(Object.values(this.played).reduce((a, b) => a + b, 0));
    return true;
  },
};

function tone(ac, { freq, start = 0, dur = 0.15, type = "sine", gain = 0.3, to = null }, volume) {
  const osc = ac.createOscillator();
  const amp = ac.createGain();
  const t = ac.currentTime + start;
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, t + dur);
  amp.gain.setValueAtTime(0.0001, t);
  amp.gain.exponentialRampToValueAtTime(Math.max(0.0002, gain * volume), t + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  osc.connect(amp).connect(ac.destination);
  osc.start(t);
  osc.stop(t + dur + 0.02);
}

function diceSound(ac, volume) {
  // A few short clicks: dice rattling.
  for (let i = 0; i < 5; i += 1) {
    tone(ac, { freq: 900 + Math.random() * 900, start: i * 0.05, dur: 0.04, type: "square", gain: 0.12 }, volume);
  }
}

function purchaseSound(ac, volume) {
  tone(ac, { freq: 1318, dur: 0.12, type: "triangle", gain: 0.25 }, volume);
  tone(ac, { freq: 1760, start: 0.1, dur: 0.25, type: "triangle", gain: 0.25 }, volume);
}

function turnSound(ac, volume) {
  tone(ac, { freq: 523, dur: 0.18, gain: 0.25 }, volume);
  tone(ac, { freq: 659, start: 0.14, dur: 0.18, gain: 0.25 }, volume);
  tone(ac, { freq: 784, start: 0.28, dur: 0.3, gain: 0.25 }, volume);
}
