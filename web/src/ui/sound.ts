/**
 * The game's sounds, synthesised with Web Audio (no sampled files): a move, a capture, a check,
 * the end of the game and low time. Silent when muted, or where the browser has no audio.
 */

export type SoundName = 'move' | 'capture' | 'check' | 'end' | 'low-time';

/** Tones of each sound: frequency (Hz), start and length (s), wave. */
const TONES: Readonly<Record<SoundName, ReadonlyArray<readonly [number, number, number, OscillatorType]>>> = {
  move: [[520, 0, 0.06, 'triangle']],
  capture: [
    [300, 0, 0.08, 'square'],
    [200, 0.03, 0.1, 'triangle'],
  ],
  check: [
    [880, 0, 0.09, 'sine'],
    [660, 0.1, 0.12, 'sine'],
  ],
  end: [
    [523, 0, 0.35, 'sine'],
    [659, 0.08, 0.35, 'sine'],
    [784, 0.16, 0.45, 'sine'],
  ],
  'low-time': [
    [1000, 0, 0.05, 'square'],
    [1000, 0.12, 0.05, 'square'],
  ],
};

let context: AudioContext | undefined;

export function playSound(name: SoundName, enabled: boolean): void {
  if (!enabled || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume();
    const t0 = ctx.currentTime;
    for (const [freq, start, length, wave] of TONES[name]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.15, t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
  } catch {
    // no audio here: the game is played in silence
  }
}

/** The sound of a move: its SAN says whether it took a piece, gave check or ended the game. */
export function moveSound(san: string, ended: boolean): SoundName {
  if (ended) return 'end';
  if (san.includes('+') || san.includes('#')) return 'check';
  return san.includes('x') ? 'capture' : 'move';
}
